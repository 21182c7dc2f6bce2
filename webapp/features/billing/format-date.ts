import { formatLongDate } from '../../../shared/time/format';

/** A day as the subscription pages say it: 'December 22, 2026', in the user's time zone. */
export function formatBillingDate(iso: string | null | undefined, timeZone: string): string {
  return formatLongDate(iso, timeZone) || 'N/A';
}

export function pluralDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
