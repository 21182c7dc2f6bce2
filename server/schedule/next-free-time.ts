import { DEFAULT_POSTING_TIMES, SCHEDULE_MESSAGES } from '../../shared/schedule/schedule.js';
import { addDays, utcToZonedTime, weekdayOf, zonedTimeToUtc } from '../../shared/time/zoned-time.js';
import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import { findSchedule, listTimes } from './schedule.repository.js';

/** How far ahead "Add to next free time" looks for a free slot. */
const HORIZON_DAYS = 366;

/**
 * "Add to next free time": the account's next posting time after `now` that none of its scheduled posts
 * holds, on the account's own schedule or else the default one. Slots are wall-clock times in
 * the user's zone turned into instants day by day, so a daylight-saving change never moves them.
 * To take the slot, run it in the transaction that saves the post, after the lock of
 * posts/next-free-time.ts, so two posts can never take the same slot.
 */
export async function findNextFreeTime(
  db: Db,
  input: { userId: string; accountId: string; timezone: string; now: number; excludePostId?: string },
): Promise<number> {
  return nextFreeTimeIn(await loadFreeTimes(db, input), input);
}

/** An account's posting times by weekday and the instants its scheduled posts already hold. */
export interface FreeTimes {
  byDay: Map<number, string[]>;
  taken: Set<number>;
}

/** What "Add to next free time" reads of one account (the bulk import reads it once per account). */
export async function loadFreeTimes(
  db: Db,
  input: { userId: string; accountId: string; now: number; excludePostId?: string },
): Promise<FreeTimes> {
  const schedule =
    (await findSchedule(db, input.userId, input.accountId)) ?? (await findSchedule(db, input.userId, null));
  // Never opened the Posting Schedule page: the default it would create (09:00 and 14:00 daily).
  const times = schedule
    ? await listTimes(db, schedule.id)
    : [0, 1, 2, 3, 4, 5, 6].flatMap((day) => DEFAULT_POSTING_TIMES.map((time) => ({ day, time })));
  if (times.length === 0) throw new AppError('validation_error', SCHEDULE_MESSAGES.noPostingTimes);

  let takenQuery = db
    .selectFrom('scheduledPosts')
    .select('scheduledAt')
    .where('socialAccountId', '=', input.accountId)
    .where('userId', '=', input.userId)
    .where('isDraft', '=', 0)
    .where('status', 'in', ['scheduled', 'publishing'])
    .where('scheduledAt', '>', input.now);
  if (input.excludePostId) takenQuery = takenQuery.where('id', '!=', input.excludePostId);
  const taken = new Set((await takenQuery.execute()).map((row) => row.scheduledAt!));

  const byDay = new Map<number, string[]>();
  for (const { day, time } of times) byDay.set(day, [...(byDay.get(day) ?? []), time]);
  return { byDay, taken };
}

/** The first posting time after `now` that no post holds (the caller marks it taken when it takes it). */
export function nextFreeTimeIn(free: FreeTimes, input: { timezone: string; now: number }): number {
  const today = utcToZonedTime(input.now, input.timezone).date;
  for (let offset = 0; offset <= HORIZON_DAYS; offset++) {
    const date = addDays(today, offset);
    for (const time of free.byDay.get(weekdayOf(date)) ?? []) {
      const [hour, minute] = time.split(':').map(Number);
      const at = zonedTimeToUtc({ date, hour: hour!, minute: minute! }, input.timezone).getTime();
      if (at > input.now && !free.taken.has(at)) return at;
    }
  }
  throw new AppError('conflict', 'Every posting time of the coming year is taken. Add more posting times.');
}
