import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { sqlDialect } from '../db/sql-dialect.js';

/**
 * The one writer of publish_attempts. An attempt is inserted open (`outcome` null), may be marked
 * as having sent a create request (`commit_sent_at`), and is ended once with its outcome; every
 * write below accepts open attempts only and answers whether it applied.
 */

/** Inserts an open attempt, run under the post's claim (its lease owner), and answers its id. */
export async function startAttempt(
  db: Db,
  input: { postId: string; attemptNo: number; now: number; claim: string | null },
): Promise<number> {
  const row = await db
    .insertInto('publishAttempts')
    .values({
      postId: input.postId,
      attemptNo: input.attemptNo,
      startedAt: input.now,
      endedAt: null,
      outcome: null,
      httpStatus: null,
      error: null,
      commitSentAt: null,
      claim: input.claim,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** open -> ended, with its outcome; an attempt already ended keeps its first outcome. */
export async function endAttempt(
  db: Db,
  attemptId: number,
  result: {
    outcome: 'success' | 'retry' | 'failed' | 'unknown';
    httpStatus?: number | null;
    error?: string | null;
    endedAt?: number;
  },
): Promise<boolean> {
  const update = await db
    .updateTable('publishAttempts')
    .set({
      endedAt: result.endedAt ?? Date.now(),
      outcome: result.outcome,
      httpStatus: result.httpStatus ?? null,
      error: result.error ?? null,
    })
    .where('id', '=', attemptId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(update.numUpdatedRows) > 0;
}

/**
 * Written just before a create request leaves (see engine/recover-posts.ts): the attempt may
 * have made the post public from now on. Open attempts only, and only while their post still
 * carries the claim they run under: answers the ids it marked, and a request whose attempt is
 * not among them must not leave (another worker took the post over after its lease ran out).
 * The post rows are share-locked until the mark commits, and recovery locks a post before it
 * reads its attempts: either the mark is there when recovery decides, or the claim is gone
 * when the mark is written.
 */
export async function markCommitSent(db: Db, ...attemptIds: number[]): Promise<number[]> {
  if (attemptIds.length === 0) return [];
  const dialect = sqlDialect(db);
  // One JSON parameter instead of thousands of bound ids: the query stays cheap to build
  // when a whole burst is marked at its due moment.
  // The posts are locked in one order (by id), so two marks, or a mark and a renewal, never
  // wait for each other in a circle. CROSS JOIN keeps SQLite reading the given attempts first
  // (it would otherwise walk every publishing post of a burst for each batch; PostgreSQL plans
  // it as any inner join).
  const { rows } = await sql<{ id: number }>`with fenced as (
      select a.id from publish_attempts a cross join scheduled_posts p
      where p.id = a.post_id and a.id in ${dialect.numbersOf(attemptIds)} and a.outcome is null
        and p.status = 'publishing' and p.lease_owner = a.claim
      order by p.id ${dialect.shareRowsOf('p')})
    update publish_attempts set commit_sent_at = ${Date.now()}
    where id in (select id from fenced) returning id`.execute(db);
  return rows.map((row) => Number(row.id));
}

/** A part is public and recorded: the next create request opens a new "maybe sent" window. */
export async function clearCommitSent(db: Db, attemptId: number): Promise<boolean> {
  const update = await db
    .updateTable('publishAttempts')
    .set({ commitSentAt: null })
    .where('id', '=', attemptId)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  return Number(update.numUpdatedRows) > 0;
}

/** The post's latest attempt (open when a worker died during it). */
export async function findLastAttempt(db: Db, postId: string) {
  return db
    .selectFrom('publishAttempts')
    .selectAll()
    .where('postId', '=', postId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function findCommitSentAt(db: Db, attemptId: number): Promise<number | null> {
  const row = await db
    .selectFrom('publishAttempts')
    .select('commitSentAt')
    .where('id', '=', attemptId)
    .executeTakeFirst();
  return row?.commitSentAt ?? null;
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
