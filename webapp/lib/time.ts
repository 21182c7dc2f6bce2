import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export { type Dayjs, dayjs };

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
