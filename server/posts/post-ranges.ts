import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

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
  return dayjs.tz(`${date}T00:00:00`, tz).valueOf();
}

/**
 * The instants a date filter covers, computed on the user's calendar: today, the week
 * starting Sunday, the month, the year; '30d' is the last 30 days up to now. Calendar
 * arithmetic is done on dates (at local noon) so DST changes never shift a boundary.
 */
export function rangeBounds(range: RangeName, tz: string, now = Date.now()): Bounds | null {
  if (range === 'all') return null;
  if (range === '30d') return { start: now - 30 * DAY_MS, end: null };
  const local = dayjs(now).tz(tz);
  const noon = dayjs.tz(`${local.format('YYYY-MM-DD')}T12:00:00`, tz);
  let first: dayjs.Dayjs;
  let next: dayjs.Dayjs;
  switch (range) {
    case 'today':
      first = noon;
      next = noon.add(1, 'day');
      break;
    case 'this-week':
      // dayjs's day(): 0 = Sunday, the first day of the week here (spec 02 section 9).
      first = noon.subtract(local.day(), 'day');
      next = first.add(7, 'day');
      break;
    case 'this-month':
      first = noon.date(1);
      next = first.add(1, 'month');
      break;
    case 'this-year':
      first = noon.month(0).date(1);
      next = first.add(1, 'year');
      break;
  }
  return { start: midnight(first.format('YYYY-MM-DD'), tz), end: midnight(next.format('YYYY-MM-DD'), tz) };
}
