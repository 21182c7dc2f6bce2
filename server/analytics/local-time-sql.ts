import { sql } from 'kysely';

const DAY = 86_400_000;

/**
 * The zone's UTC offset over [start, end) as intervals: `[until, offset]` pairs, the last one
 * open-ended. One formatter, one offset per day, the exact hour only around a change (a few a
 * year), so SQLite can shift every post to local time in the query itself.
 */
export function offsetIntervals(
  timeZone: string,
  start: number,
  end: number,
): Array<[number | null, number]> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const offsetOf = (instant: number) => {
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(instant))
      if (part.type !== 'literal') p[part.type] = Number(part.value);
    return (
      Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!) - Math.floor(instant / 60_000) * 60_000
    );
  };
  const intervals: Array<[number | null, number]> = [];
  let current = offsetOf(start);
  for (let day = start; day < end; day += DAY) {
    const next = offsetOf(Math.min(day + DAY, end));
    if (next === current) continue;
    // The change is within this day: find its quarter hour (zones change on a quarter hour).
    let at = day;
    while (at < day + DAY && offsetOf(at) === current) at += 15 * 60_000;
    intervals.push([at, current]);
    current = next;
  }
  intervals.push([null, current]);
  return intervals;
}

/**
 * `posted_at` shifted to the zone's wall clock, as an SQL expression over the intervals. The
 * numbers are written as integer literals (computed here, never from the request): bound
 * JavaScript numbers would arrive as reals and turn the day arithmetic into fractions.
 */
export function localTimeSql(intervals: Array<[number | null, number]>) {
  const int = (value: number) => sql.lit(Math.trunc(value));
  if (intervals.length === 1) return sql<number>`posted_at + ${int(intervals[0]![1])}`;
  const cases = intervals
    .slice(0, -1)
    .map(([until, offset]) => sql`when posted_at < ${int(until ?? 0)} then ${int(offset)}`);
  return sql<number>`posted_at + case ${sql.join(cases, sql` `)} else ${int(intervals.at(-1)![1])} end`;
}
