import { isPlatformId } from '../../shared/platforms/ids.js';
import { missedCutoff } from '../../shared/posts/post-timing.js';
import { type Db, withTransaction } from '../db/database.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { listExpiredLeases, lockExpiredLease } from '../posts/due-posts.js';
import { toPostDto } from '../posts/post-dto.js';
import { parseProgress } from '../posts/post-states.js';
import {
  askPlatformFirst,
  failMissed,
  failOrphanUnconfirmed,
  requeueOrphan,
} from '../posts/post-transitions.js';
import { getAdapter } from '../publishing/platforms/index.js';
import { publishPostUpdated } from '../publishing/post-events.js';
import { endAttempt, findLastAttempt } from '../publishing/publish-attempts.js';
import { UNCONFIRMED_AFTER_RESTART_MESSAGE } from '../publishing/publish-messages.js';
import { notifyMissed, notifyUnknownOutcome } from '../publishing/publish-notifications.js';
import { checkingMessage } from '../publishing/reconcile-post.js';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.js';

/**
 * Posts left `publishing` by a worker that died (lease expired). If a create request may have
 * left, the post goes back to `scheduled` with the question for the platform (reconcile-post.ts):
 * it is recorded if the platform has it and sent only once the platform shows it does not; a
 * platform that cannot tell leaves it failed-unconfirmed for the user. Otherwise nothing public
 * was attempted and it goes back to `scheduled` to be published now. Each post is decided in a
 * transaction that locks it first: the worker that held it may still be alive (a stalled loop,
 * a lost database connection) and mark a request as sent; the lock makes that mark either seen
 * here or refused there (publish-attempts.ts markCommitSent). Several processes may recover at
 * once: the lock and the transitions' conditions let one of them decide each post.
 */
export async function recoverOrphanedPosts(
  deps: AppDeps,
  now: number,
  options: {
    /**
     * Posts the calling worker is still publishing: never orphans, whatever their lease says.
     * Its loop may have stalled past a lease before the renewal's timer ran; taken back, the
     * post would be claimed and sent a second time while the first attempt goes on.
     */
    held?: (post: ScheduledPostRow) => boolean;
  } = {},
): Promise<number> {
  const expired = await listExpiredLeases(deps.db, now);
  const orphans = options.held ? expired.filter((post) => !options.held?.(post)) : expired;
  let recovered = 0;
  for (const candidate of orphans) {
    const outcome = await withTransaction(deps.db, (trx) => recoverOne(trx, candidate.id, now));
    if (!outcome) continue;
    recovered += 1;
    await publishPostUpdated(deps, outcome.row);
    if (outcome.unconfirmed) await notifyUnknownOutcome(deps, outcome.row);
  }
  return recovered;
}

async function recoverOne(
  trx: Db,
  postId: string,
  now: number,
): Promise<{ row: ScheduledPostRow; unconfirmed: boolean } | null> {
  const post = await lockExpiredLease(trx, postId, now);
  if (!post) return null;
  const lastAttempt = await findLastAttempt(trx, post.id);
  const progress = parseProgress(post);
  const maybeSent =
    progress.commitPending === true || (lastAttempt?.commitSentAt != null && lastAttempt.outcome === null);
  const adapter = isPlatformId(post.platform) ? getAdapter(post.platform) : undefined;
  const askPlatform = maybeSent && Boolean(adapter?.reconcile);
  if (askPlatform) {
    const since = lastAttempt?.commitSentAt ?? lastAttempt?.startedAt ?? post.updatedAt;
    await askPlatformFirst(trx, post.id, since);
  }
  if (lastAttempt && lastAttempt.outcome === null) {
    await endAttempt(trx, lastAttempt.id, {
      endedAt: now,
      outcome: maybeSent ? 'unknown' : 'retry',
      error: 'The server stopped during this attempt.',
    });
  }
  if (maybeSent && !askPlatform) {
    const row = await failOrphanUnconfirmed(trx, {
      postId: post.id,
      now,
      reason: UNCONFIRMED_AFTER_RESTART_MESSAGE,
    });
    if (!row) return null;
    await enqueueWebhookEvent(trx, row.userId, 'post.needs_attention', () => toPostDto(trx, row), now);
    return { row, unconfirmed: true };
  }
  const row = await requeueOrphan(trx, {
    postId: post.id,
    now,
    ...(askPlatform && isPlatformId(post.platform) ? { reason: checkingMessage(post.platform) } : {}),
  });
  return row ? { row, unconfirmed: false } : null;
}

/** Posts whose time passed more than LATE_GRACE_MINUTES ago without an attempt: failed as missed. */
export async function failMissedPosts(deps: AppDeps, now: number): Promise<number> {
  const { db, config } = deps;
  const cutoff = missedCutoff(now, config.LATE_GRACE_MINUTES);
  const missed = await db.transaction().execute(async (trx) => {
    const rows = await failMissed(trx, {
      cutoff,
      now,
      reason:
        'This post was missed: Postloom was not running at its scheduled time. Use Post Now to publish it.',
    });
    for (const row of rows)
      await enqueueWebhookEvent(trx, row.userId, 'post.failed', () => toPostDto(trx, row), now);
    return rows;
  });
  for (const post of missed) {
    await publishPostUpdated(deps, post);
    await notifyMissed(deps, post);
  }
  return missed.length;
}
