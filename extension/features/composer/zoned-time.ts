import { utcToZonedTime, type WallTime } from '../../../shared/time/zoned-time';

export { utcToZonedTime, type WallTime, zonedTimeToUtc } from '../../../shared/time/zoned-time';

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
