import { ALL_DAYS, type QueueRunMode } from '../../shared/queues/api.js';
import {
  nextRunAfter,
  type QueueRhythm,
  type WeeklySlot,
  weeklySlots,
} from '../../shared/queues/run-times.js';
import { DEFAULT_POSTING_TIMES } from '../../shared/schedule/schedule.js';
import { DEFAULT_TIMEZONE, isValidTimezone } from '../../shared/settings/preferences.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { QueueRow } from '../db/schema.js';
import { findSchedule, listTimes } from '../schedule/schedule.repository.js';

/** The rhythm fields of a queue row, as a plain shape (a row, or a row with edits applied). */
export type RhythmFields = Pick<
  QueueRow,
  'runMode' | 'runTimes' | 'runDays' | 'scheduleAccountId' | 'intervalHours' | 'userId'
>;

export function runTimesOf(row: Pick<QueueRow, 'runTimes'>): string[] {
  return parseJsonColumn<string[]>(row.runTimes, []);
}

export function runDaysOf(row: Pick<QueueRow, 'runDays'>): number[] {
  return parseJsonColumn<number[]>(row.runDays, [...ALL_DAYS]);
}

async function userZone(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst();
  return row?.timezone && isValidTimezone(row.timezone) ? row.timezone : DEFAULT_TIMEZONE;
}

/**
 * The posting times a 'schedule' queue follows: the account's own schedule, else the default
 * one, else the defaults the Posting Schedule page would create (as "Add to next free time" does).
 */
async function postingSlots(db: Db, userId: string, accountId: string | null): Promise<WeeklySlot[]> {
  const schedule =
    (accountId ? await findSchedule(db, userId, accountId) : undefined) ??
    (await findSchedule(db, userId, null));
  if (!schedule) return weeklySlots([...ALL_DAYS], [...DEFAULT_POSTING_TIMES]);
  return (await listTimes(db, schedule.id)).map(({ day, time }) => ({ day, time }));
}

/**
 * How a queue runs, read from the database (the user's zone, the posting times). `anchor` is
 * where an interval queue's rhythm starts: its planned run, its last run, or its creation.
 * Run it inside the transaction that uses the answer.
 */
export async function loadRhythm(db: Db, queue: RhythmFields, anchor: number): Promise<QueueRhythm> {
  const mode = queue.runMode as QueueRunMode;
  if (mode === 'interval') return { kind: 'interval', intervalHours: queue.intervalHours, anchor };
  const timeZone = await userZone(db, queue.userId);
  const slots =
    mode === 'times'
      ? weeklySlots(runDaysOf(queue), runTimesOf(queue))
      : await postingSlots(db, queue.userId, queue.scheduleAccountId);
  return { kind: 'slots', slots, timeZone };
}

/** The first run after `now` for a queue whose rhythm was just set (created, edited, resumed, refilled). */
export async function firstRunAfter(
  db: Db,
  queue: RhythmFields & Pick<QueueRow, 'lastRunAt' | 'createdAt'>,
  now: number,
): Promise<number | null> {
  const rhythm = await loadRhythm(db, queue, queue.lastRunAt ?? queue.createdAt);
  return nextRunAfter(rhythm, now);
}
