/**
 * Wall-clock times in the user's time zone (from the web app's preferences), turned into UTC
 * instants with Intl only: no date library in the popup.
 */
export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
}

function partsIn(instant: number, timeZone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const out: Record<string, number> = {};
  for (const part of parts) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of a wall time in `timeZone` (a time skipped by a DST jump moves forward). */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const [year, month, day] = wall.date.split('-').map(Number);
  const guess = Date.UTC(year!, month! - 1, day!, wall.hour, wall.minute);
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return new Date(second);
}

/** The wall time of an instant in `timeZone`. */
export function utcToZonedTime(instant: number, timeZone: string): WallTime {
  const p = partsIn(instant, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${p.year}-${pad(p.month!)}-${pad(p.day!)}`, hour: p.hour! % 24, minute: p.minute! };
}

/** One hour from now, on the next quarter hour: the composer's default schedule time. */
export function defaultScheduleTime(now: number, timeZone: string): WallTime {
  const quarter = 15 * 60_000;
  return utcToZonedTime(Math.ceil((now + 60 * 60_000) / quarter) * quarter, timeZone);
}

/** "3:05 PM" or "15:05". */
export function formatHour(hour: number, format: '12h' | '24h'): string {
  if (format === '24h') return String(hour).padStart(2, '0');
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h} ${hour < 12 ? 'AM' : 'PM'}`;
}
