import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { sqlDialect } from '../db/sql-dialect.js';

/**
 * The analytics page's queries, one per family. Every one is the user's own, by an indexed
 * (user_id, time) range; with an account filter, that account's only.
 */
export interface AnalyticsScope {
  db: Db;
  userId: string;
  platforms: string[];
  accountId: string | null;
}

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const TOP_POSTS = 10;

const ofAccount = (scope: AnalyticsScope) =>
  scope.accountId ? sql`and social_account_id = ${scope.accountId}` : sql``;

export type AccountFollowers = {
  id: string;
  platform: string;
  accountName: string;
  accountHandle: string | null;
  followers: number | null;
};

/** Each account's latest follower count on or before `day`: one primary-key lookup per account. */
export async function accountsWithFollowers(scope: AnalyticsScope, day: string): Promise<AccountFollowers[]> {
  const rows = await sql<AccountFollowers>`
    select a.id, a.platform, a.account_name, a.account_handle, (
      select m.followers from account_metrics_daily m
      where m.social_account_id = a.id and m.day <= ${day} and m.followers is not null
      order by m.day desc limit 1
    ) as followers
    from social_accounts a
    where a.user_id = ${scope.userId} and a.platform in (${sql.join(scope.platforms)})
      ${scope.accountId ? sql`and a.id = ${scope.accountId}` : sql``}`.execute(scope.db);
  return rows.rows;
}

export type AccountTotals = {
  platform: string;
  socialAccountId: string | null;
  posts: number | string | bigint;
  likes: number | string | bigint;
  comments: number | string | bigint;
  shares: number | string | bigint;
  views: number | string | bigint;
  engagement: number | string | bigint;
};

/** Likes, comments, shares, views and engagement of posts published in [start, end), per account. */
export function metricTotals(scope: AnalyticsScope, start: number, end: number): Promise<AccountTotals[]> {
  let query = scope.db
    .selectFrom('postMetrics')
    .select((eb) => [
      'platform',
      'socialAccountId',
      eb.fn.countAll<number>().as('posts'),
      eb.fn.sum<number>('likes').as('likes'),
      eb.fn.sum<number>('comments').as('comments'),
      eb.fn.sum<number>('shares').as('shares'),
      eb.fn.sum<number>('views').as('views'),
      eb.fn.sum<number>('engagement').as('engagement'),
    ])
    .where('userId', '=', scope.userId)
    .where('postedAt', '>=', start)
    .where('postedAt', '<', end)
    .where('platform', 'in', scope.platforms);
  if (scope.accountId) query = query.where('socialAccountId', '=', scope.accountId);
  return query.groupBy(['platform', 'socialAccountId']).execute();
}

/** How many posts were published in [start, end). */
export async function countPublished(scope: AnalyticsScope, start: number, end: number): Promise<number> {
  let query = scope.db
    .selectFrom('scheduledPosts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', scope.userId)
    .where('status', '=', 'posted')
    .where('postedAt', '>=', start)
    .where('postedAt', '<', end)
    .where('platform', 'in', scope.platforms);
  if (scope.accountId) query = query.where('socialAccountId', '=', scope.accountId);
  return Number((await query.executeTakeFirst())?.count ?? 0);
}

/**
 * The day series, grouped in the user's zone by SQLite: `local` is the SQL of a post's local time
 * (local-time-sql.ts).
 */
export async function engagementByDay(
  scope: AnalyticsScope,
  local: ReturnType<typeof sql>,
  start: number,
  end: number,
) {
  const { rows } = await sql<{
    day: number;
    likes: number;
    comments: number;
    shares: number;
    engagement: number;
  }>`
    select local / ${sql.lit(DAY)} as day, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares,
      sum(engagement) as engagement
    from (select ${local} as local, likes, comments, shares, engagement from post_metrics
      where user_id = ${scope.userId} and posted_at >= ${start} and posted_at < ${end}
        and platform in (${sql.join(scope.platforms)}) ${ofAccount(scope)}) as metrics
    group by day`.execute(scope.db);
  return rows;
}

/** The weekday x hour map in the user's zone. */
export async function engagementBySlot(
  scope: AnalyticsScope,
  local: ReturnType<typeof sql>,
  start: number,
  end: number,
) {
  const { rows } = await sql<{ slot: number; posts: number; engagement: number }>`
    select ((local / ${sql.lit(DAY)} + 4) % 7) * 24 + (local / ${sql.lit(HOUR)}) % 24 as slot, count(*) as posts,
      sum(engagement) as engagement
    from (select ${local} as local, engagement from post_metrics
      where user_id = ${scope.userId} and posted_at >= ${start} and posted_at < ${end}
        and platform in (${sql.join(scope.platforms)}) ${ofAccount(scope)}) as metrics
    group by slot`.execute(scope.db);
  return rows;
}

/** The ten best by engagement, picked from the covering index (row locator only), then read whole. */
export async function topPosts(scope: AnalyticsScope, start: number, end: number) {
  const row = sqlDialect(scope.db).rowLocator('post_id');
  const { rows } = await sql<{
    id: string;
    platform: string;
    content: string;
    postedAt: number;
    platformPostUrl: string | null;
    likes: number;
    comments: number;
    shares: number;
    views: number;
    engagement: number;
    readAt: number;
  }>`
    select p.id, p.platform, p.content, m.posted_at, p.platform_post_url, m.likes, m.comments, m.shares,
      m.views, m.engagement, m.read_at
    from (select ${row} as metric_row from post_metrics
      where user_id = ${scope.userId} and posted_at >= ${start} and posted_at < ${end}
        and platform in (${sql.join(scope.platforms)}) ${ofAccount(scope)}
      order by engagement desc, posted_at desc limit ${TOP_POSTS}) best
    join post_metrics m on m.${row} = best.metric_row
    join scheduled_posts p on p.id = m.post_id and p.user_id = ${scope.userId}
    order by m.engagement desc, m.posted_at desc`.execute(scope.db);
  return rows;
}

/** When the collector last read any of the user's accounts. */
export async function lastReadAt(scope: AnalyticsScope): Promise<number | null> {
  const row = await scope.db
    .selectFrom('accountMetricsDaily')
    .select((eb) => eb.fn.max('readAt').as('at'))
    .where('userId', '=', scope.userId)
    .executeTakeFirst();
  return row?.at ? Number(row.at) : null;
}
