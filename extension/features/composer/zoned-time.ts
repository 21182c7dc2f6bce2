import { utcToZonedTime, type WallTime } from '../../../shared/time/zoned-time';

export { utcToZonedTime, type WallTime, zonedTimeToUtc } from '../../../shared/time/zoned-time';

/** One hour from now, on the next quarter hour: the composer's default schedule time. */
export function defaultScheduleTime(now: number, timeZone: string): WallTime {
  const quarter = 15 * 60_000;
  return utcToZonedTime(Math.ceil((now + 60 * 60_000) / quarter) * quarter, timeZone);
}
