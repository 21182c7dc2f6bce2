/**
 * The one converter between wall-clock times in an IANA time zone and UTC instants, with Intl
 * only (no date library): the server (posting slots, queue run times, list ranges), the web app
 * (composer, calendar) and the extension all turn wall times into instants here, so a time typed
 * in the composer and one dragged on the calendar land on the same instant.
 *
 * Daylight-saving days resolve as Temporal's 'compatible' disambiguation does:
 * - a skipped time (02:30 on a spring-forward night) moves forward by the length of the gap
 *   (03:30 when the clocks jump from 02:00 to 03:00);
 * - a repeated time (01:30 on a fall-back night, which happens twice) is the earlier instant
 *   (the first 01:30, still on summer time).
 */
export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
}

const DAY_MS = 24 * 60 * 60_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone (building one costs far more than using it). Throws for an unknown zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsIn(instant: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return out;
}

/** The zone's offset from UTC at `instant`, in ms (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const p = partsIn(instant, timeZone);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The UTC instant of a wall time in `timeZone` (skipped times move forward by the gap, repeated
 * times are the earlier instant: see above).
 */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const [year, month, day] = wall.date.split('-').map(Number);
  // The wall time read as if it were UTC; the instant is this minus the zone's offset then.
  const local = Date.UTC(year!, month! - 1, day!, wall.hour, wall.minute);
  // A zone changes its offset at most once within a day either side: the offsets a day before
  // and a day after are the only candidates.
  const before = offsetAt(local - DAY_MS, timeZone);
  const after = offsetAt(local + DAY_MS, timeZone);
  const candidates = [local - before, local - after].filter(
    (instant) => offsetAt(instant, timeZone) === local - instant,
  );
  // Repeated: both candidates exist, the earlier is taken. Skipped: none exists, and the offset
  // in force before the change puts the time after the gap (02:30 - (+01:00) reads 03:30 CEST).
  return new Date(candidates.length > 0 ? Math.min(...candidates) : local - before);
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
