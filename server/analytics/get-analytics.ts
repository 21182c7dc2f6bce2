import type { AnalyticsQuery, AnalyticsResult, MetricCard } from '../../shared/analytics/api.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { addDays } from '../../shared/time/zoned-time.js';
import type { AppDeps } from '../http/types.js';
import { accountRows } from './account-rows.js';
import {
  type AnalyticsScope,
  accountsWithFollowers,
  countPublished,
  DAY,
  engagementByDay,
  engagementBySlot,
  lastReadAt,
  metricTotals,
  topPosts,
} from './analytics-queries.js';
import { resolveRange } from './analytics-range.js';
import { localTimeSql, offsetIntervals } from './local-time-sql.js';
import { listUnavailablePlatforms } from './readable-accounts.js';

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
  const platforms = range.platforms;
  const scope: AnalyticsScope = { db: deps.db, userId, platforms, accountId: range.accountId ?? null };
  const local = localTimeSql(offsetIntervals(range.timezone, range.start, range.end));
  const [followersNow, followersBefore, totals, previousTotals, postCount, byDay, bySlot, top, lastRead] =
    await Promise.all([
      accountsWithFollowers(scope, range.to),
      accountsWithFollowers(scope, range.compareTo),
      metricTotals(scope, range.start, range.end),
      metricTotals(scope, range.compareStart, range.compareEnd),
      countPublished(scope, range.start, range.end),
      engagementByDay(scope, local, range.start, range.end),
      engagementBySlot(scope, local, range.start, range.end),
      topPosts(scope, range.start, range.end),
      lastReadAt(scope),
    ]);

  const sumOf = (rows: Array<Record<string, unknown>>, key: string) =>
    rows.reduce((sum, row) => sum + Number(row[key] ?? 0), 0);

  const days = new Map<string, { likes: number; comments: number; shares: number; engagement: number }>();
  for (let date = range.from; date <= range.to; date = addDays(date, 1))
    days.set(date, { likes: 0, comments: 0, shares: 0, engagement: 0 });
  for (const row of byDay) {
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
      totalPosts: postCount,
    },
    platformMetrics: accountRows(followersNow, totals),
    engagementData: [...days].map(([date, values]) => ({ date, ...values })),
    topPosts: top.map((post) => ({
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
    heatmap: bySlot.map((row) => ({
      weekday: Math.floor(Number(row.slot) / 24),
      hour: Number(row.slot) % 24,
      engagement: Number(row.engagement),
      posts: Number(row.posts),
    })),
    ...(await listUnavailablePlatforms(deps, userId)),
    lastReadAt: lastRead ? new Date(lastRead).toISOString() : null,
  };
}
