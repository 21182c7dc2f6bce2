/** A day as the subscription pages say it: 'December 22, 2026' (the browser's time zone). */
export function formatBillingDate(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date);
}

export function pluralDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
