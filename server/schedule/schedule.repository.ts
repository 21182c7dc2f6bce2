import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';

/** posting_schedules and posting_times are written here only; every query filters by owner. */
export async function findSchedule(db: Db, userId: string, accountId: string | null) {
  let query = db.selectFrom('postingSchedules').selectAll().where('userId', '=', userId);
  query =
    accountId === null
      ? query.where('socialAccountId', 'is', null)
      : query.where('socialAccountId', '=', accountId);
  return query.executeTakeFirst();
}

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
  await db
    .insertInto('postingSchedules')
    .values({
      id,
      userId: input.userId,
      socialAccountId: input.accountId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .execute();
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
  return inserted.length;
}

export async function deleteTime(db: Db, userId: string, timeId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('postingTimes')
    .where('id', '=', timeId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function clearTimes(db: Db, userId: string, scheduleId: string): Promise<void> {
  await db
    .deleteFrom('postingTimes')
    .where('scheduleId', '=', scheduleId)
    .where('userId', '=', userId)
    .execute();
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
