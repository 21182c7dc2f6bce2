import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ScheduledPostRow } from '../db/schema.js';

export interface PublishProgress {
  /** Ids of thread/reply-chain parts already public, in order. */
  parts?: string[];
  /** A create request may have been sent and its answer not recorded. */
  commitPending?: boolean;
  [key: string]: unknown;
}

export function parseProgress(row: Pick<ScheduledPostRow, 'publishProgress'>): PublishProgress {
  if (!row.publishProgress) return {};
  try {
    return JSON.parse(row.publishProgress) as PublishProgress;
  } catch {
    return {};
  }
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
      db
        .selectFrom('scheduledPosts')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('isDraft', '=', 0)
        .where('platform', '=', options.platform)
        .where(sql<number>`coalesce(next_attempt_at, scheduled_at)`, '<=', options.now)
        .orderBy(sql`coalesce(next_attempt_at, scheduled_at)`)
        .limit(options.limit),
    )
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
  const row = await db
    .selectFrom('scheduledPosts')
    .select(sql<number | null>`min(coalesce(next_attempt_at, scheduled_at))`.as('due'))
    .where('status', '=', 'scheduled')
    .where('isDraft', '=', 0)
    .executeTakeFirst();
  return row?.due ?? null;
}

export async function countOverdue(db: Db, before: number): Promise<number> {
  const row = await db
    .selectFrom('scheduledPosts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'scheduled')
    .where('isDraft', '=', 0)
    .where(sql<number>`coalesce(next_attempt_at, scheduled_at)`, '<', before)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
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
