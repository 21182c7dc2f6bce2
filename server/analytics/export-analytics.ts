import { sql } from 'kysely';
import type { AnalyticsQuery } from '../../shared/analytics/api.js';
import type { AppDeps } from '../http/types.js';
import { resolveRange } from './analytics-range.js';
import { getAnalytics } from './get-analytics.js';

const CSV_HEADER = [
  'Type',
  'Date',
  'Platform',
  'Account',
  'Post ID',
  'Content',
  'URL',
  'Followers',
  'Likes',
  'Comments',
  'Shares',
  'Views',
  'Engagement',
] as const;

/**
 * A text a spreadsheet could run as a formula (OWASP CSV injection): one starting with =, +, -, @
 * (or their full-width forms), a tab, a carriage return or a line feed, or any of those formula
 * characters after leading white space, which spreadsheets skip.
 */
const FORMULA_START = /^(?:[\t\r\n]|[\s\u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

/** One CSV cell: always quoted (quotes doubled); a text that could be a formula gets a leading apostrophe. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const csvLine = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * GET /api/analytics/export: `analytics_{from}_{to}.csv`, UTF-8 with a byte-order mark (so
 * spreadsheets read accents right) and a header row; a row per published post of the range
 * (oldest first, with its account's name) and a row per day of the range.
 */
export async function exportAnalyticsCsv(
  deps: AppDeps,
  userId: string,
  query: AnalyticsQuery,
): Promise<{ fileName: string; body: string }> {
  const range = await resolveRange(deps, userId, query);
  const result = await getAnalytics(deps, userId, query);
  const posts = await deps.db
    .selectFrom('scheduledPosts as p')
    .leftJoin('postMetrics as m', 'm.postId', 'p.id')
    .leftJoin('socialAccounts as a', (join) =>
      join.onRef('a.id', '=', 'p.socialAccountId').on('a.userId', '=', userId),
    )
    .select([
      'p.id',
      'p.platform',
      'a.accountName',
      'p.content',
      'p.postedAt',
      'p.platformPostUrl',
      'm.likes',
      'm.comments',
      'm.shares',
      'm.views',
      'm.engagement',
    ])
    .where('p.userId', '=', userId)
    .where('p.status', '=', 'posted')
    .where('p.postedAt', '>=', range.start)
    .where('p.postedAt', '<', range.end)
    .where('p.platform', 'in', range.platforms)
    .$if(range.accountId !== null, (q) => q.where('p.socialAccountId', '=', range.accountId))
    .orderBy('p.postedAt')
    .orderBy('p.id')
    .execute();
  const followers = await sql<{ day: string; followers: number }>`
    select day, sum(followers) as followers from account_metrics_daily
    where user_id = ${userId} and day >= ${range.from} and day <= ${range.to}
      and followers is not null and platform in (${sql.join(range.platforms)})
      ${range.accountId ? sql`and social_account_id = ${range.accountId}` : sql``}
    group by day`.execute(deps.db);
  const followersByDay = new Map(followers.rows.map((row) => [row.day, Number(row.followers)]));

  let body = `\uFEFF${csvLine([...CSV_HEADER])}`;
  for (const post of posts) {
    body += csvLine([
      'post',
      new Date(post.postedAt ?? 0).toISOString(),
      post.platform,
      post.accountName,
      post.id,
      post.content,
      post.platformPostUrl,
      null,
      post.likes ?? 0,
      post.comments ?? 0,
      post.shares ?? 0,
      post.views ?? 0,
      post.engagement ?? 0,
    ]);
  }
  for (const day of result.engagementData) {
    body += csvLine([
      'day',
      day.date,
      range.platforms.join(' '),
      null,
      null,
      null,
      null,
      followersByDay.get(day.date) ?? null,
      day.likes,
      day.comments,
      day.shares,
      null,
      day.engagement,
    ]);
  }
  return { fileName: `analytics_${range.from}_${range.to}.csv`, body };
}
