import { addDays, utcToZonedTime, weekdayOf, zonedTimeToUtc } from '../../../../shared/time/zoned-time';

/** Month and week grids, and the list of a month's posts by day that phones open with. */
export type CalendarView = 'month' | 'week' | 'list';

/** Today in the user's zone, as YYYY-MM-DD. */
export function todayIn(timezone: string, now = Date.now()): string {
  return utcToZonedTime(now, timezone).date;
}

/** The Sunday that starts the week of `date`. */
function weekStart(date: string): string {
  return addDays(date, -weekdayOf(date));
}

/** The 42 days (six Sunday-to-Saturday weeks) of the month grid that holds `date`. */
export function monthGrid(date: string): string[] {
  const first = `${date.slice(0, 7)}-01`;
  const start = weekStart(first);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The days of the month that holds `date`, first to last. */
export function monthDays(date: string): string[] {
  return monthGrid(date).filter((day) => sameMonth(day, date));
}

export function weekDays(date: string): string[] {
  const start = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** The visible days and the UTC range the server is asked for (midnight to midnight in the zone). */
export function visibleRange(view: CalendarView, date: string, timezone: string) {
  const days = view === 'month' ? monthGrid(date) : view === 'list' ? monthDays(date) : weekDays(date);
  const from = zonedTimeToUtc({ date: days[0]!, hour: 0, minute: 0 }, timezone).toISOString();
  const to = zonedTimeToUtc(
    { date: addDays(days[days.length - 1]!, 1), hour: 0, minute: 0 },
    timezone,
  ).toISOString();
  return { days, from, to };
}

/** Previous / Next: a month (same day number where it exists) or a week. */
export function shift(view: CalendarView, date: string, direction: 1 | -1): string {
  if (view === 'week') return addDays(date, 7 * direction);
  const [year, month] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year!, month! - 1 + direction, 1));
  return target.toISOString().slice(0, 10);
}

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
];

function parts(date: string) {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year!, month: month! - 1, day: day! };
}

/** 'November 2026' (spec: 'MMMM yyyy') or the week range 'Nov 22 – 28, 2026'. */
export function headerTitle(view: CalendarView, date: string): string {
  if (view !== 'week') {
    const { year, month } = parts(date);
    return `${MONTHS[month]} ${year}`;
  }
  const days = weekDays(date);
  const a = parts(days[0]!);
  const b = parts(days[6]!);
  const short = (m: number) => MONTHS[m]!.slice(0, 3);
  if (a.year !== b.year)
    return `${short(a.month)} ${a.day}, ${a.year} – ${short(b.month)} ${b.day}, ${b.year}`;
  if (a.month !== b.month) return `${short(a.month)} ${a.day} – ${short(b.month)} ${b.day}, ${b.year}`;
  return `${short(a.month)} ${a.day} – ${b.day}, ${b.year}`;
}

export function monthName(date: string): string {
  const { year, month } = parts(date);
  return `${MONTHS[month]} ${year}`;
}

export function dayNumber(date: string): number {
  return parts(date).day;
}

export function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/** A long label for screen readers: 'Sunday, November 22, 2026'. */
export function longDate(date: string): string {
  const { year, month, day } = parts(date);
  const weekday = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][
    weekdayOf(date)
  ];
  return `${weekday}, ${MONTHS[month]} ${day}, ${year}`;
}
