import { sql } from 'kysely';
import { type Db, withTransaction } from '../db/database.js';
import type { ScheduledPostRow } from '../db/schema.js';
import { sqlDialect } from '../db/sql-dialect.js';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.js';
import { dueIds } from './due-posts.js';
import { toPostDto } from './post-dto.js';
import { type PostStatus, TRANSITION_FROM } from './post-states.js';
import { applied, failedWith, from, onePost, released, settle } from './post-transition-query.js';

/**
 * The one writer of a post's state: every change of `scheduled_posts.status`, its lease and its
 * publish progress is one of these named transitions (those of the progress in
 * post-progress-transitions.ts, re-exported here). Each states the statuses it accepts and is
 * a single conditional UPDATE (`WHERE status IN (...)`): from any other status it changes
 * nothing, and it answers whether it applied (the row, `true`, or the rows it moved). Content
 * edits are in posts.repository.ts; callers publish `post.updated` themselves. The accepted
 * statuses are listed in post-states.ts.
 */

export { askPlatformFirst, forgetQuestion, saveProgress } from './post-progress-transitions.js';

/**
 * Draft, scheduled, or scheduled afresh: `from` is the status the user's edit was read in (the
 * engine may have claimed the post since: then nothing changes). `restart` clears a failed
 * delivery so it starts again.
 */
export async function saveUserTiming(
  db: Db,
  input: {
    userId: string;
    postId: string;
    from: PostStatus;
    timing: { status: PostStatus; isDraft: number; scheduledAt: number | null };
    restart: boolean;
    now: number;
  },
): Promise<boolean> {
  // The user moves a post only between these (an edit without an action keeps a failed one failed).
  if (!(TRANSITION_FROM.saveUserTiming as readonly string[]).includes(input.timing.status)) return false;
  const result = await onePost(db, input.postId, 'saveUserTiming')
    .set({
      status: input.timing.status,
      isDraft: input.timing.isDraft,
      scheduledAt: input.timing.scheduledAt,
      ...(input.restart
        ? { errorMessage: null, nextAttemptAt: null, leaseUntil: null, attemptCount: 0 }
        : {}),
      updatedAt: input.now,
    })
    .where('userId', '=', input.userId)
    .where('status', '=', input.from)
    .executeTakeFirst();
  return applied(result);
}

/**
 * Claims due posts of one platform: `scheduled` -> `publishing` with a lease, in one statement
 * whose WHERE re-checks the status, so two workers can never take the same post. `claim` (the
 * worker's id and a number of its own, see engine/claims.ts) is written as the lease's owner:
 * every later write of the attempt, and its "maybe sent" mark, applies only while it is still there.
 */
export async function claimDuePosts(
  db: Db,
  options: { platform: string; now: number; limit: number; leaseUntil: number; claim: string },
): Promise<ScheduledPostRow[]> {
  if (options.limit <= 0) return [];
  // The due ids are read once (a materialized CTE): as an IN subquery, PostgreSQL may read it
  // again for each row it updates, each time passing over the rows it has just locked, and so
  // claim past `limit` (one process would take a whole burst). They stay locked until the update
  // commits, so the outer status check only restates the transition's rule.
  const { rows } = await sql<ScheduledPostRow>`with due as materialized ${dueIds(db, options)}
    update scheduled_posts set status = 'publishing', lease_until = ${options.leaseUntil},
      lease_owner = ${options.claim}, updated_at = ${options.now}
    where id in (select id from due) and status in (${sql.join(from('claimDue'))})
    returning *`.execute(db);
  return rows;
}

/** Claims one post for Post Now: a fresh delivery (attempts, retry time and error cleared). */
export async function claimPostNow(
  db: Db,
  options: { postId: string; userId: string; now: number; leaseUntil: number; claim: string },
): Promise<ScheduledPostRow | undefined> {
  return settle(db, options.postId, 'claimNow')
    .set({
      status: 'publishing',
      isDraft: 0,
      leaseUntil: options.leaseUntil,
      leaseOwner: options.claim,
      attemptCount: 0,
      nextAttemptAt: null,
      errorMessage: null,
      updatedAt: options.now,
    })
    .where('userId', '=', options.userId)
    .executeTakeFirst();
}

/**
 * A worker keeps the leases of every post it is publishing, in one write for all its claims
 * (`claims`): a post another worker took over no longer carries one of them and is not touched.
 * Rows locked at that moment (a batch being marked as sent, which share-locks its posts) are
 * passed over until the next renewal rather than waited for: waiting on a batch in another
 * order than it locks in is a deadlock PostgreSQL would break by failing one of the two.
 */
export async function renewLeases(
  db: Db,
  input: { claims: readonly string[]; leaseUntil: number },
): Promise<number> {
  if (input.claims.length === 0) return 0;
  const { numAffectedRows } = await sql`with held as materialized (
      select id from scheduled_posts
      where status in (${sql.join(from('renewLease'))}) and lease_owner in (${sql.join([...input.claims])})
      ${sqlDialect(db).skipLockedRows})
    update scheduled_posts set lease_until = ${input.leaseUntil} where id in (select id from held)`.execute(
    db,
  );
  return Number(numAffectedRows ?? 0);
}

export async function countAttempt(
  db: Db,
  postId: string,
  attemptCount: number,
  claim?: string | null,
): Promise<boolean> {
  return applied(await onePost(db, postId, 'countAttempt', claim).set({ attemptCount }).executeTakeFirst());
}

/** Over the platform's own posting cap: scheduled again for when its window has room. */
export async function deferForCap(
  db: Db,
  postId: string,
  retryAt: number,
  claim?: string | null,
): Promise<boolean> {
  const query = onePost(db, postId, 'deferForCap', claim);
  return applied(
    await query.set({ status: 'scheduled', nextAttemptAt: retryAt, ...released }).executeTakeFirst(),
  );
}

export function scheduleRetry(
  db: Db,
  input: { postId: string; nextAttemptAt: number; reason: string; now: number; claim?: string | null },
) {
  return settle(db, input.postId, 'scheduleRetry', input.claim)
    .set({
      status: 'scheduled',
      nextAttemptAt: input.nextAttemptAt,
      errorMessage: input.reason,
      ...released,
      updatedAt: input.now,
    })
    .executeTakeFirst();
}

export function markPosted(
  db: Db,
  input: {
    postId: string;
    platformPostId: string | null;
    url: string | null;
    now: number;
    claim?: string | null;
  },
) {
  return settle(db, input.postId, 'markPosted', input.claim)
    .set({
      status: 'posted',
      postedAt: input.now,
      platformPostId: input.platformPostId,
      platformPostUrl: input.url,
      errorMessage: null,
      nextAttemptAt: null,
      isDraft: 0,
      ...released,
      updatedAt: input.now,
    })
    .executeTakeFirst();
}

export function markFailed(
  db: Db,
  input: { postId: string; reason: string; now: number; claim?: string | null },
) {
  return settle(db, input.postId, 'markFailed', input.claim)
    .set({ ...failedWith(input.reason, input.now), nextAttemptAt: null })
    .executeTakeFirst();
}

/**
 * Posts this worker claimed whose owner has no access (the subscription gate): failed with the
 * reason before anything was sent ("held for lack of access"). Like any failed post they can be
 * rescheduled or posted now once the user subscribes; nothing sends them on its own.
 */
export async function failWithoutAccess(
  db: Db,
  options: { postIds: readonly string[]; claim: string; reason: string; now: number },
): Promise<ScheduledPostRow[]> {
  if (options.postIds.length === 0) return [];
  return db
    .updateTable('scheduledPosts')
    .set({ ...failedWith(options.reason, options.now), nextAttemptAt: null })
    .where('id', 'in', [...options.postIds])
    .where('status', 'in', from('failWithoutAccess'))
    .where('leaseOwner', '=', options.claim)
    .returningAll()
    .execute();
}

/**
 * The claiming process is stopping and the attempt under `claim` sent nothing: the post is due
 * again for another process (its time unchanged, so it goes out at once when already due).
 */
export function handBack(db: Db, input: { postId: string; claim: string | null; now: number }) {
  return settle(db, input.postId, 'handBack', input.claim)
    .set({ status: 'scheduled', ...released, updatedAt: input.now })
    .executeTakeFirst();
}

/** A worker died holding the post (its lease ran out): scheduled again at once. */
export function requeueOrphan(db: Db, input: { postId: string; now: number; reason?: string }) {
  return settle(db, input.postId, 'requeueOrphan')
    .set({
      status: 'scheduled',
      nextAttemptAt: input.now,
      ...released,
      updatedAt: input.now,
      ...(input.reason !== undefined ? { errorMessage: input.reason } : {}),
    })
    .where('leaseUntil', '<', input.now)
    .executeTakeFirst();
}

/** A worker died after a create request may have left, and the platform cannot be asked. */
export function failOrphanUnconfirmed(db: Db, input: { postId: string; now: number; reason: string }) {
  return settle(db, input.postId, 'failOrphanUnconfirmed')
    .set(failedWith(input.reason, input.now))
    .where('leaseUntil', '<', input.now)
    .executeTakeFirst();
}

/** Scheduled posts whose time passed before `cutoff` without any attempt: failed as missed. */
export function failMissed(db: Db, input: { cutoff: number; now: number; reason: string }) {
  return db
    .updateTable('scheduledPosts')
    .set({ status: 'failed', errorMessage: input.reason, updatedAt: input.now })
    .where('status', 'in', from('failMissed'))
    .where('isDraft', '=', 0)
    .where('attemptCount', '=', 0)
    .where('nextAttemptAt', 'is', null)
    .where('scheduledAt', '<', input.cutoff)
    .returningAll()
    .execute();
}

/**
 * The account is being disconnected: its pending posts fail with the reason (run in the
 * transaction that deletes the account, whose posts' foreign key is ON DELETE SET NULL), and
 * any lease on them is released.
 */
export async function releaseOnDisconnect(
  db: Db,
  input: { userId: string; accountId: string; reason: string; now: number },
): Promise<number> {
  return withTransaction(db, async (trx) => {
    const released = await trx
      .updateTable('scheduledPosts')
      .set(failedWith(input.reason, input.now))
      .where('socialAccountId', '=', input.accountId)
      .where('userId', '=', input.userId)
      .where('status', 'in', from('releaseOnDisconnect'))
      .returningAll()
      .execute();
    for (const row of released) {
      await enqueueWebhookEvent(trx, input.userId, 'post.failed', () => toPostDto(trx, row), input.now);
    }
    return released.length;
  });
}
