import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { sqlDialect } from '../db/sql-dialect.js';

/** The engine's reads of due work in scheduled_posts (its writes are in post-transitions.ts). */

/**
 * The ids of one platform's due posts, for the claim's WHERE (see claimDuePosts). On PostgreSQL
 * a claim passes over the posts another claim is taking (FOR UPDATE SKIP LOCKED) instead of
 * waiting for it and then finding them gone.
 */
export function dueIds(db: Db, options: { platform: string; now: number; limit: number }) {
  const lock = sqlDialect(db).skipLockedRows;
  // Two index ranges instead of `coalesce(next_attempt_at, scheduled_at) <= now`, which
  // SQLite can only answer by reading every scheduled post (48 ms per platform per sweep
  // with 500,000 of them); each range reads only posts that are due.
  return sql<string>`(select id from (
    select id, due from (
      select id, scheduled_at as due from scheduled_posts
      where status = 'scheduled' and next_attempt_at is null and scheduled_at <= ${options.now}
        and is_draft = 0 and platform = ${options.platform}
      order by scheduled_at limit ${options.limit} ${lock}) as first_tries
    union all
    select id, due from (
      select id, next_attempt_at as due from scheduled_posts
      where status = 'scheduled' and next_attempt_at <= ${options.now}
        and is_draft = 0 and platform = ${options.platform}
      order by next_attempt_at limit ${options.limit} ${lock}) as retries
    order by due limit ${options.limit}) as due_posts)`;
}

/** A post's status, claim and publish progress, locked until `trx` ends (for post-transitions.ts' edits). */
export function lockPostProgress(trx: Db, postId: string) {
  const read = trx
    .selectFrom('scheduledPosts')
    .select(['publishProgress', 'status', 'leaseOwner'])
    .where('id', '=', postId);
  return sqlDialect(trx).lockRows(read).executeTakeFirst();
}

/** Posts left `publishing` whose lease ran out before `now` (crash recovery's candidates). */
export function listExpiredLeases(db: Db, now: number) {
  return db
    .selectFrom('scheduledPosts')
    .selectAll()
    .where('status', '=', 'publishing')
    .where('leaseUntil', '<', now)
    .execute();
}

/**
 * The post if its lease still ran out before `now`, locked until `trx` ends: whoever held it
 * can no longer mark a request of it as sent meanwhile (publish-attempts.ts' mark waits for
 * this lock and then finds the claim gone), so what the attempts say is final while recovery decides.
 */
export function lockExpiredLease(trx: Db, postId: string, now: number) {
  const read = trx
    .selectFrom('scheduledPosts')
    .selectAll()
    .where('id', '=', postId)
    .where('status', '=', 'publishing')
    .where('leaseUntil', '<', now);
  return sqlDialect(trx).lockRows(read).executeTakeFirst();
}

/** The earliest time a scheduled post becomes due, or null. */
export async function nextDueTime(db: Db): Promise<number | null> {
  // The first of each index range (see claimDuePosts), not a scan of every scheduled post; the
  // aggregate min skips an empty range's NULL.
  const { rows } = await sql<{ due: number | null }>`select min(due) as due from (
      select min(scheduled_at) as due from scheduled_posts
        where status = 'scheduled' and next_attempt_at is null and is_draft = 0
      union all
      select min(next_attempt_at) as due from scheduled_posts
        where status = 'scheduled' and next_attempt_at is not null and is_draft = 0
    ) as firsts`.execute(db);
  const due = rows[0]?.due ?? null;
  return due === null ? null : Number(due);
}

/** The health check's figure of late posts counts up to this many. */
const OVERDUE_COUNT_LIMIT = 100_000;

/**
 * Scheduled posts due before `before` and not yet taken (at most OVERDUE_COUNT_LIMIT). Each range
 * is read in its index's order: PostgreSQL takes a post's status and time as independent, expects
 * a quarter of all posts in the range, and would read the whole table (0.1 s at a million posts).
 */
export async function countOverdue(db: Db, before: number): Promise<number> {
  const { rows } = await sql<{ count: number }>`select
      (select count(*) from (select 1 from scheduled_posts where status = 'scheduled' and next_attempt_at is null
        and scheduled_at < ${before} and is_draft = 0
        order by status, next_attempt_at, scheduled_at limit ${OVERDUE_COUNT_LIMIT}) as first_tries)
    + (select count(*) from (select 1 from scheduled_posts where status = 'scheduled' and next_attempt_at < ${before}
        and is_draft = 0 order by status, next_attempt_at limit ${OVERDUE_COUNT_LIMIT}) as retries) as count`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}
