import { ANALYTICS_PLATFORMS, type AnalyticsResult } from '../../shared/analytics/api.js';
import type { AccountFollowers, AccountTotals } from './analytics-queries.js';

type MetricsRow = AnalyticsResult['platformMetrics'][number];

/**
 * A row per connected account of the chosen platforms, with its own numbers (zero when it
 * posted nothing), then a row per platform for posts whose account was disconnected since.
 * Ordered by platform as the filter lists them, then by account name.
 */
export function accountRows(accounts: AccountFollowers[], totals: AccountTotals[]): MetricsRow[] {
  const numbers = (row: AccountTotals | undefined) => ({
    likes: Number(row?.likes ?? 0),
    comments: Number(row?.comments ?? 0),
    shares: Number(row?.shares ?? 0),
    views: Number(row?.views ?? 0),
    engagement: Number(row?.engagement ?? 0),
    posts: Number(row?.posts ?? 0),
  });
  const byAccount = new Map(totals.map((row) => [row.socialAccountId, row]));
  const rows: MetricsRow[] = accounts.map((account) => ({
    platform: account.platform as MetricsRow['platform'],
    accountId: account.id,
    accountName: account.accountName,
    accountHandle: account.accountHandle,
    followers: account.followers === null ? null : Number(account.followers),
    ...numbers(byAccount.get(account.id)),
  }));
  const known = new Set(accounts.map((account) => account.id));
  for (const row of totals) {
    if (row.socialAccountId !== null && known.has(row.socialAccountId)) continue;
    rows.push({
      platform: row.platform as MetricsRow['platform'],
      accountId: null,
      accountName: null,
      accountHandle: null,
      followers: null,
      ...numbers(row),
    });
  }
  const order = (platform: string) => (ANALYTICS_PLATFORMS as readonly string[]).indexOf(platform);
  return rows.sort(
    (a, b) =>
      order(a.platform) - order(b.platform) ||
      Number(a.accountId === null) - Number(b.accountId === null) ||
      (a.accountName ?? '').localeCompare(b.accountName ?? ''),
  );
}
