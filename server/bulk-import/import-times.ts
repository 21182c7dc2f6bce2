import { IMPORT_MESSAGES, type ImportMode } from '../../shared/posts/import.js';
import { parseImportTime } from '../../shared/posts/import-time.js';
import { utcToZonedTime, zonedTimeToUtc } from '../../shared/time/zoned-time.js';
import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import { type FreeTimes, loadFreeTimes, nextFreeTimeIn } from '../schedule/next-free-time.js';
import type { ImportRow } from './import-rows.js';

export interface ImportTiming {
  mode: ImportMode;
  spreadFrom?: string;
  spreadTo?: string;
  timezone: string;
  userId: string;
  now: number;
}

const MINUTE_MS = 60_000;

/**
 * When each account's post of each row goes out (UTC ms per row, per account in the row's order;
 * null in queue mode, where the queue's runs decide):
 * - keep: the row's own time; an empty one takes the account's next free posting time;
 * - slots: each account's free posting-schedule times in row order, by the rule of "Add to queue"
 *   (schedule/next-free-time.ts), a slot taken by one row never given to the next;
 * - spread: evenly between two local times, on the wall clock: rows a day apart stay at the same
 *   hour of the user's clock across a daylight-saving change.
 * Run with the transaction that saves the posts (after its lock) so slots are read as they are taken.
 */
export async function assignImportTimes(
  db: Db,
  rows: readonly ImportRow[],
  timing: ImportTiming,
): Promise<(number | null)[][]> {
  if (timing.mode === 'queue') return rows.map((row) => row.accounts.map(() => null));
  if (timing.mode === 'spread') {
    const times = spreadTimes(rows.length, timing);
    return rows.map((row, index) => row.accounts.map(() => times[index]!));
  }
  const freeTimes = new Map<string, FreeTimes>();
  const nextFree = async (accountId: string) => {
    let free = freeTimes.get(accountId);
    if (!free) {
      free = await loadFreeTimes(db, { userId: timing.userId, accountId, now: timing.now });
      freeTimes.set(accountId, free);
    }
    const at = nextFreeTimeIn(free, timing);
    free.taken.add(at);
    return at;
  };
  const result: (number | null)[][] = [];
  for (const row of rows) {
    const times: number[] = [];
    for (const account of row.accounts) {
      const own = timing.mode === 'keep' && row.cells.time.trim() ? row.time : undefined;
      // An unreadable time (a problem of its cell) takes no slot: the row waits for its fix.
      times.push(own === undefined ? await nextFree(account.id) : (own ?? timing.now));
    }
    result.push(times);
  }
  return result;
}

function wallMinutes(instant: number, timeZone: string): number {
  const wall = utcToZonedTime(instant, timeZone);
  const [year, month, day] = wall.date.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!, wall.hour, wall.minute) / MINUTE_MS;
}

function fromWallMinutes(minutes: number, timeZone: string): number {
  const wall = new Date(minutes * MINUTE_MS);
  const date = wall.toISOString().slice(0, 10);
  return zonedTimeToUtc({ date, hour: wall.getUTCHours(), minute: wall.getUTCMinutes() }, timeZone).getTime();
}

function spreadTimes(count: number, timing: ImportTiming): number[] {
  const from = parseImportTime(timing.spreadFrom, timing.timezone);
  const to = parseImportTime(timing.spreadTo, timing.timezone);
  if (from === null || to === null || Number.isNaN(from) || Number.isNaN(to) || to <= from) {
    throw new AppError('validation_error', IMPORT_MESSAGES.spreadRange, { field: 'spreadFrom' });
  }
  const start = wallMinutes(from, timing.timezone);
  const end = wallMinutes(to, timing.timezone);
  const step = count > 1 ? (end - start) / (count - 1) : 0;
  return Array.from({ length: count }, (_, index) =>
    fromWallMinutes(Math.round(start + step * index), timing.timezone),
  );
}
