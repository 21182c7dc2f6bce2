import { sql } from 'kysely';
import {
  ANALYTICS_MAX_RANGE_DAYS,
  ANALYTICS_MESSAGES,
  type AnalyticsPlatform,
  type AnalyticsQuery,
  type AnalyticsResult,
  type MetricCard,
  selectAnalyticsPlatforms,
} from '../../shared/analytics/api.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { addDays, zonedTimeToUtc } from '../../shared/time/zoned-time.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { getPreferences } from '../settings/preferences.service.js';
import { listUnavailablePlatforms } from './readable-accounts.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const TOP_POSTS = 10;

export interface AnalyticsRange {
  platforms: AnalyticsPlatform[];
  from: string;
  to: string;
  compareFrom: string;
  compareTo: string;
  timezone: string;
  /** UTC instants of the ranges' first and after-last local midnights. */
  start: number;
  end: number;
  compareStart: number;
  compareEnd: number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

/** Validates the query and works out both ranges in the user's time zone. */
export async function resolveRange(
  deps: AppDeps,
  userId: string,
  query: AnalyticsQuery,
): Promise<AnalyticsRange> {
  const selection = selectAnalyticsPlatforms((query.platforms ?? '').split(',').map((p) => p.trim()));
  if (!selection.ok) throw new AppError('validation_error', selection.message, { field: 'platforms' });
  const check = (from: string, to: string, field: string) => {
    if (Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)))
      throw new AppError('validation_error', ANALYTICS_MESSAGES.invalidDate, { field });
    if (from > to) throw new AppError('validation_error', ANALYTICS_MESSAGES.invalidRange, { field });
    if (daysBetween(from, to) >= ANALYTICS_MAX_RANGE_DAYS)
      throw new AppError('validation_error', ANALYTICS_MESSAGES.rangeTooLong, { field });
  };
  check(query.from, query.to, 'from');
  // Without a compare range: the same number of days just before.
  const length = daysBetween(query.from, query.to) + 1;
  const compareFrom = query.compareFrom ?? addDays(query.from, -length);
  const compareTo = query.compareTo ?? addDays(query.from, -1);
  check(compareFrom, compareTo, 'compareFrom');
  const { timezone } = await getPreferences(deps, userId);
  const midnight = (date: string) => zonedTimeToUtc({ date, hour: 0, minute: 0 }, timezone).getTime();
  return {
    platforms: selection.platforms,
    from: query.from,
    to: query.to,
    compareFrom,
    compareTo,
    timezone,
    start: midnight(query.from),
    end: midnight(addDays(query.to, 1)),
    compareStart: midnight(compareFrom),
    compareEnd: midnight(addDays(compareTo, 1)),
  };
}

function card(value: number, previous: number): MetricCard {
  return {
    value,
    previous,
    change: previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10,
  };
}

/**
 * The zone's UTC offset over [start, end) as intervals: `[until, offset]` pairs, the last one
 * open-ended. One formatter, one offset per day, the exact hour only around a change (a few a
 * year), so SQLite can shift every post to local time in the query itself.
 */
export function offsetIntervals(
  timeZone: string,
  start: number,
  end: number,
): Array<[number | null, number]> {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const offsetOf = (instant: number) => {
    const p: Record<string, number> = {};
    for (const part of format.formatToParts(instant))
      if (part.type !== 'literal') p[part.type] = Number(part.value);
    return (
      Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!) - Math.floor(instant / 60_000) * 60_000
    );
  };
  const intervals: Array<[number | null, number]> = [];
  let current = offsetOf(start);
  for (let day = start; day < end; day += DAY) {
    const next = offsetOf(Math.min(day + DAY, end));
    if (next === current) continue;
    // The change is within this day: find its quarter hour (zones change on a quarter hour).
    let at = day;
    while (at < day + DAY && offsetOf(at) === current) at += 15 * 60_000;
    intervals.push([at, current]);
    current = next;
  }
  intervals.push([null, current]);
  return intervals;
}

/**
 * `posted_at` shifted to the zone's wall clock, as an SQL expression over the intervals. The
 * numbers are written as integer literals (computed here, never from the request): bound
 * JavaScript numbers would arrive as reals and turn the day arithmetic into fractions.
 */
function localTimeSql(intervals: Array<[number | null, number]>) {
  const int = (value: number) => sql.lit(Math.trunc(value));
  if (intervals.length === 1) return sql<number>`posted_at + ${int(intervals[0]![1])}`;
  const cases = intervals
    .slice(0, -1)
    .map(([until, offset]) => sql`when posted_at < ${int(until ?? 0)} then ${int(offset)}`);
  return sql<number>`posted_at + case ${sql.join(cases, sql` `)} else ${int(intervals.at(-1)![1])} end`;
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

  // Each account's latest follower count on or before `day`: one primary-key lookup per account.
  const followersUpTo = async (day: string) => {
    const rows = await sql<{ platform: string; followers: number | null }>`
      select a.platform, (
        select m.followers from account_metrics_daily m
        where m.social_account_id = a.id and m.day <= ${day} and m.followers is not null
        order by m.day desc limit 1
      ) as followers
      from social_accounts a
      where a.user_id = ${userId} and a.platform in (${sql.join(platforms)})`.execute(db);
    return rows.rows.filter((row): row is { platform: string; followers: number } => row.followers !== null);
  };

  const totalsIn = (start: number, end: number) =>
    db
      .selectFrom('postMetrics')
      .select((eb) => [
        'platform',
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
      .where('platform', 'in', platforms)
      .groupBy('platform')
      .execute();

  const local = localTimeSql(offsetIntervals(range.timezone, range.start, range.end));
  const [followersNow, followersBefore, totals, previousTotals, postCount, byDay, bySlot, top, lastRead] =
    await Promise.all([
      followersUpTo(range.to),
      followersUpTo(range.compareTo),
      totalsIn(range.start, range.end),
      totalsIn(range.compareStart, range.compareEnd),
      db
        .selectFrom('scheduledPosts')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('userId', '=', userId)
        .where('status', '=', 'posted')
        .where('postedAt', '>=', range.start)
        .where('postedAt', '<', range.end)
        .where('platform', 'in', platforms)
        .executeTakeFirst(),
      // The day series and the weekday x hour map, grouped in the user's zone by SQLite.
      sql<{ day: number; likes: number; comments: number; shares: number; engagement: number }>`
      select local / ${sql.lit(DAY)} as day, sum(likes) as likes, sum(comments) as comments, sum(shares) as shares,
        sum(engagement) as engagement
      from (select ${local} as local, likes, comments, shares, engagement from post_metrics
        where user_id = ${userId} and posted_at >= ${range.start} and posted_at < ${range.end}
          and platform in (${sql.join(platforms)}))
      group by day`.execute(db),
      sql<{ slot: number; posts: number; engagement: number }>`
      select ((local / ${sql.lit(DAY)} + 4) % 7) * 24 + (local / ${sql.lit(HOUR)}) % 24 as slot, count(*) as posts,
        sum(engagement) as engagement
      from (select ${local} as local, engagement from post_metrics
        where user_id = ${userId} and posted_at >= ${range.start} and posted_at < ${range.end}
          and platform in (${sql.join(platforms)}))
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
          and platform in (${sql.join(platforms)})
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
  const followersByPlatform = new Map<string, number>();
  for (const row of followersNow)
    followersByPlatform.set(
      row.platform,
      (followersByPlatform.get(row.platform) ?? 0) + Number(row.followers),
    );

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
    platformMetrics: platforms.map((platform) => {
      const row = totals.find((t) => t.platform === platform);
      return {
        platform,
        followers: followersByPlatform.get(platform) ?? null,
        likes: Number(row?.likes ?? 0),
        comments: Number(row?.comments ?? 0),
        shares: Number(row?.shares ?? 0),
        views: Number(row?.views ?? 0),
        engagement: Number(row?.engagement ?? 0),
        posts: Number(row?.posts ?? 0),
      };
    }),
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
