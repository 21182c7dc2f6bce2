import { addDays, utcToZonedTime, weekdayOf, zonedTimeToUtc } from '../../shared/time/zoned-time.js';

export type RangeName = 'all' | 'today' | 'this-week' | 'this-month' | 'this-year' | '30d';

interface Bounds {
  /** Inclusive, epoch ms. */
  start: number;
  /** Exclusive, epoch ms; null for open-ended. */
  end: number | null;
}

const DAY_MS = 86_400_000;

/** Midnight at the start of a calendar date in `tz`, as an instant. */
function midnight(date: string, tz: string): number {
  return zonedTimeToUtc({ date, hour: 0, minute: 0 }, tz).getTime();
}

/** YYYY-MM-DD of the first day of the month `months` after the one of `date`. */
function addMonths(date: string, months: number): string {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1 + months, 1)).toISOString().slice(0, 10);
}

/**
 * The instants a date filter covers, computed on the user's calendar: today, the week
 * starting Sunday, the month, the year; '30d' is the last 30 days up to now. Calendar
 * arithmetic is done on dates, so daylight-saving changes never shift a boundary.
 */
export function rangeBounds(range: RangeName, tz: string, now = Date.now()): Bounds | null {
  if (range === 'all') return null;
  if (range === '30d') return { start: now - 30 * DAY_MS, end: null };
  const today = utcToZonedTime(now, tz).date;
  let first: string;
  let next: string;
  switch (range) {
    case 'today':
      first = today;
      next = addDays(today, 1);
      break;
    case 'this-week':
      // 0 = Sunday, the first day of the week here (spec 02 section 9).
      first = addDays(today, -weekdayOf(today));
      next = addDays(first, 7);
      break;
    case 'this-month':
      first = `${today.slice(0, 7)}-01`;
      next = addMonths(first, 1);
      break;
    case 'this-year':
      first = `${today.slice(0, 4)}-01-01`;
      next = addMonths(first, 12);
      break;
  }
  return { start: midnight(first, tz), end: midnight(next, tz) };
}
