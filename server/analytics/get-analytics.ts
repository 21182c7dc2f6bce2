import { sql } from 'kysely';
import {
  ANALYTICS_PLATFORMS,
  type AnalyticsQuery,
  type AnalyticsResult,
  type MetricCard,
} from '../../shared/analytics/api.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { addDays } from '../../shared/time/zoned-time.js';
import type { AppDeps } from '../http/types.js';
import { getPreferences } from '../settings/preferences.service.js';
import { resolveRange } from './analytics-range.js';
import { localTimeSql, offsetIntervals } from './local-time-sql.js';
import { listUnavailablePlatforms } from './readable-accounts.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOP_POSTS = 10;

function card(value: number, previous: number): MetricCard {
  return {
    value,
    previous,
    change: previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10,
  };
}

/**
 * GET /api/analytics: everything the page shows, from stored numbers only (the collector reads
 * the platforms). Every query is the user's own, by an indexed (user_id, time) range.
 */
export async function getAnalytics(
  deps: AppDeps,
  userId: string,
  query: AnalyticsQuery,
): Promise<AnalyticsResult> {
  const range = await resolveRange(deps, userId, query);
  const { db } = deps;
  const platforms = range.platforms;
  // Every query below is the user's own; with an account filter, that account's only.
  const ofAccount = range.accountId ? sql`and social_account_id = ${range.accountId}` : sql``;

  // Each account's latest follower count on or before `day`: one primary-key lookup per account.
  const accountsWithFollowers = async (day: string) => {
    const rows = await sql<{
      id: string;
      platform: string;
      accountName: string;
      accountHandle: string | null;
      followers: number | null;
    }>`
      select a.id, a.platform, a.account_name, a.account_handle, (
        select m.followers from account_metrics_daily m
        where m.social_account_id = a.id and m.day <= ${day} and m.followers is not null
        order by m.day desc limit 1
      ) as followers
      from social_accounts a
      where a.user_id = ${userId} and a.platform in (${sql.join(platforms)})
        ${range.accountId ? sql`and a.id = ${range.accountId}` : sql``}`.execute(db);
    return rows.rows;
  };

  const totalsIn = (start: number, end: number) => {
    let query = db
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
      .where('userId', '=', userId)
      .where('postedAt', '>=', start)
      .where('postedAt', '<', end)
      .where('platform', 'in', platforms);
    if (range.accountId) query = query.where('socialAccountId', '=', range.accountId);
    return query.groupBy(['platform', 'socialAccountId']).execute();
  };

  const local = localTimeSql(offsetIntervals(range.timezone, range.start, range.end));
  let postCountQuery = db
    .selectFrom('scheduledPosts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('status', '=', 'posted')
    .where('postedAt', '>=', range.start)
    .where('postedAt', '<', range.end)
    .where('platform', 'in', platforms);
  if (range.accountId) postCountQuery = postCountQuery.where('socialAccountId', '=', range.accountId);
  const [followersNow, followersBefore, totals, previousTotals, postCount, byDay, bySlot, top, lastRead] =
    await Promise.all([
      accountsWithFollowers(range.to),
      accountsWithFollowers(range.compareTo),
      totalsIn(range.start, range.end),
      totalsIn(range.compareStart, range.compareEnd),
      postCountQuery.executeTakeFirst(),
      // The day series and the weekday x hour map, grouped in the user's zone by SQLite.
      sql<{ day: number; likes: number; comments: number; shares: number; engagement: number }>`
      select local / ${sql.lit(DAY)} as day, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares,
        sum(engagement) as engagement
      from (select ${local} as local, likes, comments, shares, engagement from post_metrics
        where user_id = ${userId} and posted_at >= ${range.start} and posted_at < ${range.end}
          and platform in (${sql.join(platforms)}) ${ofAccount})
      group by day`.execute(db),
      sql<{ slot: number; posts: number; engagement: number }>`
      select ((local / ${sql.lit(DAY)} + 4) % 7) * 24 + (local / ${sql.lit(HOUR)}) % 24 as slot, count(*) as posts,
        sum(engagement) as engagement
      from (select ${local} as local, engagement from post_metrics
        where user_id = ${userId} and posted_at >= ${range.start} and posted_at < ${range.end}
          and platform in (${sql.join(platforms)}) ${ofAccount})
      group by slot`.execute(db),
      // The ten best by engagement, picked from the covering index (rowid only), then read whole.
      sql<{
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
      from (select rowid as metric_row from post_metrics
        where user_id = ${userId} and posted_at >= ${range.start} and posted_at < ${range.end}
          and platform in (${sql.join(platforms)}) ${ofAccount}
        order by engagement desc, posted_at desc limit ${TOP_POSTS}) best
      join post_metrics m on m.rowid = best.metric_row
      join scheduled_posts p on p.id = m.post_id and p.user_id = ${userId}
      order by m.engagement desc, m.posted_at desc`.execute(db),
      db
        .selectFrom('accountMetricsDaily')
        .select((eb) => eb.fn.max('readAt').as('at'))
        .where('userId', '=', userId)
        .executeTakeFirst(),
    ]);

  const sumOf = (rows: Array<Record<string, unknown>>, key: string) =>
    rows.reduce((sum, row) => sum + Number(row[key] ?? 0), 0);

  const days = new Map<string, { likes: number; comments: number; shares: number; engagement: number }>();
  for (let date = range.from; date <= range.to; date = addDays(date, 1))
    days.set(date, { likes: 0, comments: 0, shares: 0, engagement: 0 });
  for (const row of byDay.rows) {
    const day = days.get(new Date(Number(row.day) * DAY).toISOString().slice(0, 10));
    if (!day) continue;
    day.likes = Number(row.likes);
    day.comments = Number(row.comments);
    day.shares = Number(row.shares);
    day.engagement = Number(row.engagement);
  }

  return {
    range: { from: range.from, to: range.to },
    compare: { from: range.compareFrom, to: range.compareTo },
    platforms,
    overview: {
      followers: card(sumOf(followersNow, 'followers'), sumOf(followersBefore, 'followers')),
      likes: card(sumOf(totals, 'likes'), sumOf(previousTotals, 'likes')),
      comments: card(sumOf(totals, 'comments'), sumOf(previousTotals, 'comments')),
      shares: card(sumOf(totals, 'shares'), sumOf(previousTotals, 'shares')),
      totalPosts: Number(postCount?.count ?? 0),
    },
    platformMetrics: accountRows(followersNow, totals),
    engagementData: [...days].map(([date, values]) => ({ date, ...values })),
    topPosts: top.rows.map((post) => ({
      id: post.id,
      platform: post.platform as PlatformId,
      content: post.content,
      postedAt: new Date(post.postedAt).toISOString(),
      url: post.platformPostUrl,
      metrics: {
        likes: post.likes,
        comments: post.comments,
        shares: post.shares,
        views: post.views,
        engagement: post.engagement,
        readAt: new Date(post.readAt).toISOString(),
      },
    })),
    heatmap: bySlot.rows.map((row) => ({
      weekday: Math.floor(Number(row.slot) / 24),
      hour: Number(row.slot) % 24,
      engagement: Number(row.engagement),
      posts: Number(row.posts),
    })),
    ...(await listUnavailablePlatforms(deps, userId)),
    lastReadAt: lastRead?.at ? new Date(Number(lastRead.at)).toISOString() : null,
  };
}

interface AccountTotals {
  platform: string;
  socialAccountId: string | null;
  posts: number | string | bigint;
  likes: number | string | bigint;
  comments: number | string | bigint;
  shares: number | string | bigint;
  views: number | string | bigint;
  engagement: number | string | bigint;
}

type MetricsRow = AnalyticsResult['platformMetrics'][number];

/**
 * A row per connected account of the chosen platforms, with its own numbers (zero when it
 * posted nothing), then a row per platform for posts whose account was disconnected since.
 * Ordered by platform as the filter lists them, then by account name.
 */
function accountRows(
  accounts: Array<{
    id: string;
    platform: string;
    accountName: string;
    accountHandle: string | null;
    followers: number | null;
  }>,
  totals: AccountTotals[],
): MetricsRow[] {
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
