import { holdForLackOfAccess } from '../billing/access-holds.js';
import { createEngineAccess, type EngineAccess } from '../billing/engine-access.js';
import { AppError } from '../core/errors.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { toPostDto } from '../posts/post-dto.js';
import { failWithoutAccess } from '../posts/post-transitions.js';
import { publishPostUpdated } from '../publishing/post-events.js';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.js';

/**
 * The subscription gate of the engine. Of the posts just claimed, answers those whose owner has
 * access at the post's own moment; the others never reach their platform: they fail with the
 * spec's message as the reason (rescheduling or Post Now sends them once the user subscribes),
 * and their owner is told once per lapse, not once per post.
 */
export async function withholdWithoutAccess(
  deps: AppDeps,
  access: EngineAccess,
  claimed: ScheduledPostRow[],
  options: { claim: string; now: number },
): Promise<ScheduledPostRow[]> {
  if (claimed.length === 0) return claimed;
  await access.load(claimed.map((post) => post.userId));
  const allowed: ScheduledPostRow[] = [];
  const denied = new Map<string, { reason: string; postIds: string[] }>();
  for (const post of claimed) {
    // A late post goes out now; an early claim (prefetch) at its due moment.
    const at = Math.max(options.now, post.nextAttemptAt ?? post.scheduledAt ?? options.now);
    const reason = access.denial(post.userId, at);
    if (reason === null) {
      allowed.push(post);
      continue;
    }
    const entry = denied.get(post.userId) ?? { reason, postIds: [] };
    entry.postIds.push(post.id);
    denied.set(post.userId, entry);
  }
  for (const [userId, { reason, postIds }] of denied) {
    const failed = await deps.db.transaction().execute(async (trx) => {
      const rows = await failWithoutAccess(trx, { postIds, claim: options.claim, reason, now: options.now });
      for (const row of rows) {
        await enqueueWebhookEvent(trx, userId, 'post.failed', () => toPostDto(trx, row), options.now);
      }
      return rows;
    });
    for (const row of failed) await publishPostUpdated(deps, row);
    // None left: the user was deleted meanwhile, and nobody is left to tell.
    if (failed.length > 0) await holdForLackOfAccess(deps, userId, reason, options.now);
  }
  return allowed;
}

/** Post Now: refused (nothing claimed, nothing changed) while the user has no access. */
export async function assertAccessNow(deps: AppDeps, userId: string, now: number): Promise<void> {
  const access = createEngineAccess(deps);
  if (!access) return;
  await access.load([userId]);
  const denial = access.denial(userId, now);
  if (denial) throw new AppError('subscription_required', denial);
}
