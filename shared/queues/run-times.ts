import { addDays, utcToZonedTime, weekdayOf, zonedTimeToUtc } from '../time/zoned-time.js';

/**
 * When a queue runs (shared by the server's runner and the web app's "first run" preview):
 * every N hours from its last run, or at weekly wall-clock slots in the user's zone (times of
 * day the user chose on chosen weekdays, or the posting schedule's times). Slots are turned into
 * instants date by date, so a daylight-saving change never moves 09:00 to 08:00 or 10:00.
 */

export const HOUR_MS = 60 * 60_000;

/** A weekly slot: 0 = Sunday ... 6 = Saturday, and 'HH:MM' (24-hour) in the user's zone. */
export interface WeeklySlot {
  day: number;
  time: string;
}

export type QueueRhythm =
  | { kind: 'interval'; intervalHours: number /** The last run, or the queue's creation. */; anchor: number }
  | { kind: 'slots'; slots: readonly WeeklySlot[]; timeZone: string };

/** Every chosen time on every chosen day. */
export function weeklySlots(days: readonly number[], times: readonly string[]): WeeklySlot[] {
  return days.flatMap((day) => times.map((time) => ({ day, time })));
}

/** The first slot strictly after `after`, or null when there is none (no slots at all). */
export function nextWeeklySlot(slots: readonly WeeklySlot[], after: number, timeZone: string): number | null {
  if (slots.length === 0) return null;
  const byDay = new Map<number, string[]>();
  for (const { day, time } of slots) byDay.set(day, [...(byDay.get(day) ?? []), time]);
  for (const times of byDay.values()) times.sort();
  const today = utcToZonedTime(after, timeZone).date;
  // Yesterday too: near midnight a zone far west of UTC can still be on the previous date.
  for (let offset = -1; offset <= 8; offset++) {
    const date = addDays(today, offset);
    for (const time of byDay.get(weekdayOf(date)) ?? []) {
      const [hour, minute] = time.split(':').map(Number);
      const at = zonedTimeToUtc({ date, hour: hour!, minute: minute! }, timeZone).getTime();
      if (at > after) return at;
    }
  }
  return null;
}

/**
 * The queue's next run strictly after `after`. An interval queue keeps the rhythm of its anchor
 * (anchor + k intervals), so pausing, editing or an empty spell never shifts its time of day.
 */
export function nextRunAfter(rhythm: QueueRhythm, after: number): number | null {
  if (rhythm.kind === 'slots') return nextWeeklySlot(rhythm.slots, after, rhythm.timeZone);
  const step = rhythm.intervalHours * HOUR_MS;
  if (after < rhythm.anchor) return rhythm.anchor + step;
  return rhythm.anchor + (Math.floor((after - rhythm.anchor) / step) + 1) * step;
}

/** Whether `at` is one of the rhythm's own run times (a slot removed since is not). */
export function isRunTime(rhythm: QueueRhythm, at: number): boolean {
  if (rhythm.kind === 'interval') return true;
  return nextWeeklySlot(rhythm.slots, at - 1, rhythm.timeZone) === at;
}
