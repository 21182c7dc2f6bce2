import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { parseJsonObject } from '../db/json-column.js';
import type { ScheduledPostRow } from '../db/schema.js';

export interface PublishProgress {
  /** Ids of thread/reply-chain parts already public, in order. */
  parts?: string[];
  /** A create request may have been sent and its answer not recorded. */
  commitPending?: boolean;
  [key: string]: unknown;
}

export function parseProgress(row: Pick<ScheduledPostRow, 'publishProgress'>): PublishProgress {
  return parseJsonObject(row.publishProgress) as PublishProgress;
}

/**
 * Claims due posts of one platform: `scheduled` -> `publishing` with a lease, in one
 * statement whose WHERE re-checks the status, so two workers can never take the same post.
 */
export async function claimDuePosts(
  db: Db,
  options: { platform: string; now: number; limit: number; leaseUntil: number; owner: string },
): Promise<ScheduledPostRow[]> {
  if (options.limit <= 0) return [];
  return db
    .updateTable('scheduledPosts')
    .set({
      status: 'publishing',
      leaseUntil: options.leaseUntil,
      leaseOwner: options.owner,
      updatedAt: options.now,
    })
    .where('status', '=', 'scheduled')
    .where(
      'id',
      'in',
      // Two index ranges instead of `coalesce(next_attempt_at, scheduled_at) <= now`, which
      // SQLite can only answer by reading every scheduled post (48 ms per platform per sweep
      // with 500,000 of them); each range reads only posts that are due.
      sql<string>`(select id from (
        select id, due from (
          select id, scheduled_at as due from scheduled_posts
          where status = 'scheduled' and next_attempt_at is null and scheduled_at <= ${options.now}
            and is_draft = 0 and platform = ${options.platform}
          order by scheduled_at limit ${options.limit})
        union all
        select id, due from (
          select id, next_attempt_at as due from scheduled_posts
          where status = 'scheduled' and next_attempt_at <= ${options.now}
            and is_draft = 0 and platform = ${options.platform}
          order by next_attempt_at limit ${options.limit})
        order by due limit ${options.limit}))`,
    )
    .returningAll()
    .execute();
}

/**
 * Posts this worker claimed whose owner has no access (the subscription gate): `publishing` ->
 * `failed` with the reason, before anything was sent. Like any failed post they can be
 * rescheduled or posted now once the user subscribes; nothing sends them on its own.
 */
export async function failClaimedWithoutAccess(
  db: Db,
  options: { postIds: readonly string[]; owner: string; reason: string; now: number },
): Promise<ScheduledPostRow[]> {
  if (options.postIds.length === 0) return [];
  return db
    .updateTable('scheduledPosts')
    .set({
      status: 'failed',
      errorMessage: options.reason,
      nextAttemptAt: null,
      leaseUntil: null,
      leaseOwner: null,
      updatedAt: options.now,
    })
    .where('id', 'in', [...options.postIds])
    .where('status', '=', 'publishing')
    .where('leaseOwner', '=', options.owner)
    .returningAll()
    .execute();
}

/** Claims one post for Post Now, whatever its state, unless it is already out or going out. */
export async function claimPostNow(
  db: Db,
  options: { postId: string; userId: string; now: number; leaseUntil: number; owner: string },
): Promise<ScheduledPostRow | undefined> {
  return db
    .updateTable('scheduledPosts')
    .set({
      status: 'publishing',
      isDraft: 0,
      leaseUntil: options.leaseUntil,
      leaseOwner: options.owner,
      attemptCount: 0,
      nextAttemptAt: null,
      errorMessage: null,
      updatedAt: options.now,
    })
    .where('id', '=', options.postId)
    .where('userId', '=', options.userId)
    .where('status', 'in', ['draft', 'scheduled', 'failed'])
    .returningAll()
    .executeTakeFirst();
}

/** The earliest time a scheduled post becomes due, or null. */
export async function nextDueTime(db: Db): Promise<number | null> {
  // The first of each index range (see claimDuePosts), not a scan of every scheduled post.
  // SQLite's min(a, b) is NULL when either is: an empty range counts as "never".
  const { rows } = await sql<{ due: number | null }>`select min(
      coalesce((select min(scheduled_at) from scheduled_posts
        where status = 'scheduled' and next_attempt_at is null and is_draft = 0), 9e15),
      coalesce((select min(next_attempt_at) from scheduled_posts
        where status = 'scheduled' and next_attempt_at is not null and is_draft = 0), 9e15)
    ) as due`.execute(db);
  const due = rows[0]?.due ?? null;
  return due === null || due >= 9e15 ? null : due;
}

export async function countOverdue(db: Db, before: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`select
      (select count(*) from scheduled_posts where status = 'scheduled' and next_attempt_at is null
        and scheduled_at < ${before} and is_draft = 0)
    + (select count(*) from scheduled_posts where status = 'scheduled' and next_attempt_at < ${before}
        and is_draft = 0) as count`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

export async function startAttempt(db: Db, postId: string, attemptNo: number, now: number): Promise<number> {
  const row = await db
    .insertInto('publishAttempts')
    .values({
      postId,
      attemptNo,
      startedAt: now,
      endedAt: null,
      outcome: null,
      httpStatus: null,
      error: null,
      commitSentAt: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function endAttempt(
  db: Db,
  attemptId: number,
  result: {
    outcome: 'success' | 'retry' | 'failed' | 'unknown';
    httpStatus?: number | null;
    error?: string | null;
  },
): Promise<void> {
  await db
    .updateTable('publishAttempts')
    .set({
      endedAt: Date.now(),
      outcome: result.outcome,
      httpStatus: result.httpStatus ?? null,
      error: result.error ?? null,
    })
    .where('id', '=', attemptId)
    .execute();
}

export async function firstAttemptStart(db: Db, postId: string, since: number): Promise<number | null> {
  const row = await db
    .selectFrom('publishAttempts')
    .select((eb) => eb.fn.min<number>('startedAt').as('first'))
    .where('postId', '=', postId)
    .where('startedAt', '>=', since)
    .executeTakeFirst();
  return row?.first ?? null;
}

export async function listAttempts(db: Db, postId: string) {
  return db
    .selectFrom('publishAttempts')
    .selectAll()
    .where('postId', '=', postId)
    .orderBy('attemptNo', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** Create requests that may have reached a platform since `since`, per account, oldest first. */
export async function listSentCreatesSince(
  db: Db,
  since: number,
): Promise<Array<{ platform: string; socialAccountId: string; commitSentAt: number }>> {
  const rows = await db
    .selectFrom('publishAttempts')
    .innerJoin('scheduledPosts', 'scheduledPosts.id', 'publishAttempts.postId')
    .select(['scheduledPosts.platform', 'scheduledPosts.socialAccountId', 'publishAttempts.commitSentAt'])
    .where('publishAttempts.commitSentAt', '>=', since)
    .where('scheduledPosts.socialAccountId', 'is not', null)
    .orderBy('publishAttempts.commitSentAt', 'asc')
    .execute();
  return rows.map((row) => ({
    platform: row.platform,
    socialAccountId: row.socialAccountId as string,
    commitSentAt: row.commitSentAt as number,
  }));
}
