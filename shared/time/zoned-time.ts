/**
 * Wall-clock times in an IANA time zone, turned into UTC instants and back with Intl only (no
 * date library): shared by the server (posting slots), the web app and the extension popup.
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
export function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The UTC instant of a wall time in `timeZone`. A time skipped by a daylight-saving jump (02:30
 * on the spring-forward night) moves forward by the jump; a time that happens twice (autumn)
 * is the later one.
 */
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

/** YYYY-MM-DD plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday, of a YYYY-MM-DD date. */
export function weekdayOf(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay();
}
