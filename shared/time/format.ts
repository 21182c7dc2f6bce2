/**
 * The one place dates and times become text, in the web app and the extension alike: always in
 * the user's time zone and on the user's clock (12h or 24h), in the app's English wording.
 *
 * - date:        'Nov 25, 2026'
 * - time:        '05:38' or '5:38 AM'
 * - date-time:   'Nov 25, 2026 05:38' or 'Nov 25, 2026 5:38 AM'
 * - slot:        'Wed, Nov 25, 05:38' (a queued post's time: weekday, no year)
 * - long date:   'November 25, 2026'; day heading: 'Wednesday, November 25, 2026'; month: 'November 2026'
 * - time of day: '14:00' or '2:00 PM' (a posting time, no date); hour: '09' or '9 AM'
 *
 * Words are built from the numbers rather than taken from Intl's formatted string: ICU versions
 * differ in spaces (a narrow no-break space before AM in newer ones) and in punctuation, and the
 * same instant must read the same in every browser, the extension and the tests.
 */
type ClockFormat = '12h' | '24h';

type Instant = string | number | Date;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

interface Parts {
  year: number;
  /** 0-11 */
  month: number;
  day: number;
  /** 0-6, Sunday first */
  weekday: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it); an unknown zone reads as UTC. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    const options: Intl.DateTimeFormatOptions = {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      formatter = formatterFor('UTC');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const SHORT_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function partsOf(instant: Instant, timeZone: string): Parts | null {
  const date = instant instanceof Date ? instant : new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const values: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) values[part.type] = part.value;
  return {
    year: Number(values.year),
    month: Number(values.month) - 1,
    day: Number(values.day),
    weekday: SHORT_WEEKDAYS.indexOf(values.weekday ?? ''),
    hour: Number(values.hour) % 24,
    minute: Number(values.minute),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const shortMonth = (month: number) => MONTHS[month]!.slice(0, 3);

function clock(hour: number, minute: number, timeFormat: ClockFormat): string {
  if (timeFormat === '24h') return `${pad(hour)}:${pad(minute)}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** 'Nov 25, 2026' ('' for no or an invalid instant, as for every formatter here). */
export function formatDate(instant: Instant | null | undefined, timeZone: string): string {
  const p = instant == null ? null : partsOf(instant, timeZone);
  return p ? `${shortMonth(p.month)} ${p.day}, ${p.year}` : '';
}

/** '05:38' or '5:38 AM'. */
export function formatTime(
  instant: Instant | null | undefined,
  timeZone: string,
  timeFormat: ClockFormat,
): string {
  const p = instant == null ? null : partsOf(instant, timeZone);
  return p ? clock(p.hour, p.minute, timeFormat) : '';
}

/** 'Nov 25, 2026 05:38' or 'Nov 25, 2026 5:38 AM'. */
export function formatDateTime(
  instant: Instant | null | undefined,
  timeZone: string,
  timeFormat: ClockFormat,
): string {
  const p = instant == null ? null : partsOf(instant, timeZone);
  if (!p) return '';
  return `${shortMonth(p.month)} ${p.day}, ${p.year} ${clock(p.hour, p.minute, timeFormat)}`;
}

/** 'Wed, Nov 25, 05:38': when a queued post goes out (the week matters, the year rarely). */
export function formatSlot(
  instant: Instant | null | undefined,
  timeZone: string,
  timeFormat: ClockFormat,
): string {
  const p = instant == null ? null : partsOf(instant, timeZone);
  if (!p) return '';
  const weekday = WEEKDAYS[p.weekday]?.slice(0, 3) ?? '';
  return `${weekday}, ${shortMonth(p.month)} ${p.day}, ${clock(p.hour, p.minute, timeFormat)}`;
}

/** 'November 25, 2026'. */
export function formatLongDate(instant: Instant | null | undefined, timeZone: string): string {
  const p = instant == null ? null : partsOf(instant, timeZone);
  return p ? `${MONTHS[p.month]} ${p.day}, ${p.year}` : '';
}

/** 'November 2026': the month a date picker shows. */
export function formatMonthYear(instant: Instant | null | undefined, timeZone: string): string {
  const p = instant == null ? null : partsOf(instant, timeZone);
  return p ? `${MONTHS[p.month]} ${p.year}` : '';
}

/** 'Wednesday, November 25, 2026': the heading of a day's group of posts. */
export function formatDayHeading(instant: Instant | null | undefined, timeZone: string): string {
  const p = instant == null ? null : partsOf(instant, timeZone);
  return p ? `${WEEKDAYS[p.weekday]}, ${MONTHS[p.month]} ${p.day}, ${p.year}` : '';
}

/** A wall-clock 'HH:MM' (a posting time) on the user's clock: '14:00' or '2:00 PM'. */
export function formatTimeOfDay(time: string, timeFormat: ClockFormat): string {
  const [hour, minute] = time.split(':').map(Number);
  if (!Number.isInteger(hour) || !Number.isInteger(minute)) return time;
  return clock(hour!, minute!, timeFormat);
}

/** An hour of the day on the user's clock: '09' or '9 AM'. */
export function formatHour(hour: number, timeFormat: ClockFormat): string {
  if (timeFormat === '24h') return pad(hour);
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}
