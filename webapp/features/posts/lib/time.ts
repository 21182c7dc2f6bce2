import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TimeFormat } from '../api/preferences';

dayjs.extend(utc);
dayjs.extend(timezone);

export { type Dayjs, dayjs };

/** An instant shown in the user's zone: 'Nov 21, 2026 9:00 AM' (12h) or 'Nov 21, 2026 09:00' (24h). */
export function formatDateTime(iso: string | null | undefined, zone: string, format: TimeFormat): string {
  if (!iso) return '';
  const time = toZone(iso, zone);
  return time.format(format === '12h' ? 'MMM D, YYYY h:mm A' : 'MMM D, YYYY HH:mm');
}

export function formatTime(iso: string | number, zone: string, format: TimeFormat): string {
  return toZone(iso, zone).format(format === '12h' ? 'h:mm A' : 'HH:mm');
}

/** The long heading of a Sent Posts day group: 'Saturday, November 21, 2026'. */
export function formatDayHeading(iso: string, zone: string): string {
  return toZone(iso, zone).format('dddd, MMMM D, YYYY');
}

export function dayKey(iso: string | number, zone: string): string {
  return toZone(iso, zone).format('YYYY-MM-DD');
}

export function toZone(iso: string | number | Date, zone: string): Dayjs {
  try {
    return dayjs(iso).tz(zone);
  } catch {
    return dayjs(iso).utc();
  }
}

/** Wall-clock parts in the user's zone -> the UTC ISO instant sent to the server. */
export function zonedPartsToIso(
  parts: { year: number; month: number; day: number; hour: number; minute: number },
  zone: string,
): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const local = `${parts.year}-${pad(parts.month + 1)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}:00`;
  try {
    return dayjs.tz(local, zone).utc().toISOString();
  } catch {
    return dayjs.utc(local).toISOString();
  }
}
