import { zonedTimeToUtc } from '../time/zoned-time.js';

/**
 * A bulk-import time cell as a UTC instant: an ISO 8601 instant with an offset ('2026-04-01T09:00:00+02:00',
 * 'Z'); a local time in the user's zone without one ('2026-04-01 09:00', '2026-04-01T21:30',
 * '2026-04-01 9:30 PM'); or the way the app writes times on the user's clock ('Apr 1, 2026 09:00',
 * 'Apr 1, 2026 9:00 PM'). Local times on a daylight-saving night resolve as everywhere else
 * (zoned-time.ts). Answers null for an empty cell and NaN for one it cannot read.
 */
export function parseImportTime(value: string | null | undefined, timeZone: string): number | null {
  const cell = (value ?? '').trim();
  if (!cell) return null;
  if (WITH_OFFSET.test(cell)) return Date.parse(cell.replace(' ', 'T'));
  const iso = LOCAL_ISO.exec(cell);
  if (iso)
    return localInstant(Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4], iso[5], iso[7], timeZone);
  const clock = CLOCK.exec(cell);
  if (clock) {
    const month = MONTHS.findIndex((name) => clock[1]!.toLowerCase().startsWith(name)) + 1;
    if (
      month === 0 ||
      (clock[1]!.length > 3 && !FULL_MONTHS[month - 1]!.startsWith(clock[1]!.toLowerCase()))
    ) {
      return Number.NaN;
    }
    return localInstant(Number(clock[3]), month, Number(clock[2]), clock[4], clock[5], clock[6], timeZone);
  }
  return Number.NaN;
}

const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(:\d{2})?\s*([ap]\.?m\.?)?$/i;
const CLOCK = /^([a-z]{3,9})\.? (\d{1,2}),? (\d{4}),? (\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function localInstant(
  year: number,
  month: number,
  day: number,
  hourText: string | undefined,
  minuteText: string | undefined,
  period: string | undefined,
  timeZone: string,
): number {
  let hour = Number(hourText);
  const minute = Number(minuteText);
  if (period) {
    if (hour < 1 || hour > 12) return Number.NaN;
    hour = (hour % 12) + (period.toLowerCase().startsWith('p') ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || month < 1 || month > 12) return Number.NaN;
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return Number.NaN;
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return zonedTimeToUtc({ date, hour, minute }, timeZone).getTime();
}
