/** '+12.5%', '-3%', or '—' when there is nothing to compare with. */
export function formatChange(change: number | null): string {
  if (change === null) return '—';
  return `${change > 0 ? '+' : ''}${change}%`;
}

/** YYYY-MM-DD of a day in the user's zone, `days` before today. */
export function dayInZone(timeZone: string, daysAgo = 0): string {
  const date = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}
