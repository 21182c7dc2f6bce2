import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';

/**
 * posting_schedules and posting_times are written here only; every query filters by owner.
 * A change of a schedule's times moves its updated_at: a schedule untouched since it was created
 * with the defaults keeps updated_at = created_at (the onboarding checklist reads that).
 */

async function touchSchedule(db: Db, scheduleId: string, now: number): Promise<void> {
  await db.updateTable('postingSchedules').set({ updatedAt: now }).where('id', '=', scheduleId).execute();
}
export async function findSchedule(db: Db, userId: string, accountId: string | null) {
  let query = db.selectFrom('postingSchedules').selectAll().where('userId', '=', userId);
  query =
    accountId === null
      ? query.where('socialAccountId', 'is', null)
      : query.where('socialAccountId', '=', accountId);
  return query.executeTakeFirst();
}

/**
 * Creates the user's default schedule (accountId null) or an account's own one, with `times`,
 * and answers its id; when that schedule exists already (two first visits at once), its id,
 * unchanged. The unique index on the owner decides, so a race never fails.
 */
export async function createSchedule(
  db: Db,
  input: {
    userId: string;
    accountId: string | null;
    times: Array<{ day: number; time: string }>;
    now: number;
  },
): Promise<string> {
  const id = newId();
  const created = await db
    .insertInto('postingSchedules')
    .values({
      id,
      userId: input.userId,
      socialAccountId: input.accountId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) {
    const existing = await findSchedule(db, input.userId, input.accountId);
    if (!existing) throw new Error('posting schedule neither created nor found');
    return existing.id;
  }
  await insertTimes(db, { scheduleId: id, userId: input.userId, times: input.times, now: input.now });
  return id;
}

export async function listTimes(db: Db, scheduleId: string) {
  return db
    .selectFrom('postingTimes')
    .select(['id', 'day', 'time'])
    .where('scheduleId', '=', scheduleId)
    .orderBy('day')
    .orderBy('time')
    .execute();
}

/** Adds times; one already in the schedule is left as it is. Returns how many were new. */
export async function insertTimes(
  db: Db,
  input: { scheduleId: string; userId: string; times: Array<{ day: number; time: string }>; now: number },
): Promise<number> {
  if (input.times.length === 0) return 0;
  const inserted = await db
    .insertInto('postingTimes')
    .values(
      input.times.map((slot) => ({
        id: newId(),
        scheduleId: input.scheduleId,
        userId: input.userId,
        day: slot.day,
        time: slot.time,
        createdAt: input.now,
      })),
    )
    .onConflict((oc) => oc.columns(['scheduleId', 'day', 'time']).doNothing())
    .returning('id')
    .execute();
  if (inserted.length > 0) await touchSchedule(db, input.scheduleId, input.now);
  return inserted.length;
}

export async function deleteTime(db: Db, userId: string, timeId: string, now = Date.now()): Promise<boolean> {
  const deleted = await db
    .deleteFrom('postingTimes')
    .where('id', '=', timeId)
    .where('userId', '=', userId)
    .returning('scheduleId')
    .executeTakeFirst();
  if (deleted) await touchSchedule(db, deleted.scheduleId, now);
  return deleted !== undefined;
}

export async function clearTimes(
  db: Db,
  userId: string,
  scheduleId: string,
  now = Date.now(),
): Promise<void> {
  await db
    .deleteFrom('postingTimes')
    .where('scheduleId', '=', scheduleId)
    .where('userId', '=', userId)
    .execute();
  await touchSchedule(db, scheduleId, now);
}

export async function listCustomAccountIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('postingSchedules')
    .select('socialAccountId')
    .where('userId', '=', userId)
    .where('socialAccountId', 'is not', null)
    .execute();
  return rows.map((row) => row.socialAccountId as string);
}

export async function deleteSchedule(db: Db, userId: string, scheduleId: string): Promise<void> {
  await db.deleteFrom('postingSchedules').where('id', '=', scheduleId).where('userId', '=', userId).execute();
}
