import { z } from 'zod';
import { isPlatformId, type PlatformId } from '../platforms/ids.js';
import type { PostMetricsDto } from '../posts/api.js';

export type { PostMetricsDto };

/**
 * Platforms whose numbers Postloom reads and counts: the spec's Facebook, Instagram and
 * LinkedIn, and X and Threads, whose public metrics the collector reads every hour too
 * (issue 21). TikTok needs the `video.list` scope, which Postloom does not ask for, so it stays
 * behind the spec's banner.
 */
export const ANALYTICS_PLATFORMS = [
  'facebook',
  'instagram',
  'linkedin',
  'twitter',
  'threads',
] as const satisfies readonly PlatformId[];
export type AnalyticsPlatform = (typeof ANALYTICS_PLATFORMS)[number];

export function isAnalyticsPlatform(platform: string): platform is AnalyticsPlatform {
  return (ANALYTICS_PLATFORMS as readonly string[]).includes(platform);
}

export const ANALYTICS_MESSAGES = {
  unsupportedPlatform: 'Please select a supported platform (Facebook, Instagram, LinkedIn).',
  unavailableBanner: '{platforms} analytics are temporarily unavailable because of upstream API changes.',
  refreshed: 'Analytics refreshed!',
  exported: 'Analytics exported successfully!',
  refreshFailed: 'Failed to refresh analytics.',
  fetchFailed: 'Analytics fetch failed',
  retryHint: 'Please try again or contact support.',
  persistHint: 'Contact support if the issue persists.',
  network: 'Network error: Please check your internet connection and try again.',
  invalidRange: 'Please choose a start date on or before the end date.',
  rangeTooLong: 'Please choose a range of at most 2 years.',
  invalidDate: 'Please give dates as YYYY-MM-DD.',
  linkedinNotAsked:
    "LinkedIn analytics are unavailable: LinkedIn lets only approved apps read a member's post numbers (the r_member_social permission), and this server does not ask for it.",
  linkedinReconnect:
    'LinkedIn analytics need permission to read your posts’ numbers: reconnect your LinkedIn account to give it.',
  impossibleDate: 'That date does not exist (check the day of the month). Please give dates as YYYY-MM-DD.',
} as const;

/** At most two years per range: the stored snapshots go back that far. */
export const ANALYTICS_MAX_RANGE_DAYS = 731;
/** Posts are re-read until they are 30 days old. */
export const POST_METRICS_MAX_AGE_DAYS = 30;

/** A day of the calendar: 2026-02-30 has the shape of a date but is none. */
function isRealDay(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYTICS_MESSAGES.invalidDate)
  .refine(isRealDay, { error: ANALYTICS_MESSAGES.impossibleDate, abort: true });

export const AnalyticsQuery = z.object({
  from: Day,
  to: Day,
  compareFrom: Day.optional(),
  compareTo: Day.optional(),
  /** Comma-separated platform ids; empty: every platform with numbers. */
  platforms: z.string().max(200).optional(),
  /** One connected account only (its platform replaces the platform choice). */
  accountId: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("A connected account's id: its numbers only. Another user's account answers 404."),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

/**
 * Spec 02 section 5 as issue 21 widened it: every platform whose numbers are collected is
 * counted. An empty selection, or every platform, means all of them; TikTok is left out, and a
 * selection of TikTok alone is refused with the spec's message.
 */
export function selectAnalyticsPlatforms(
  requested: readonly string[],
): { ok: true; platforms: AnalyticsPlatform[] } | { ok: false; message: string } {
  const known = [...new Set(requested.filter(isPlatformId))];
  if (known.length === 0) return { ok: true, platforms: [...ANALYTICS_PLATFORMS] };
  const served = ANALYTICS_PLATFORMS.filter((platform) => known.includes(platform));
  if (served.length === 0) return { ok: false, message: ANALYTICS_MESSAGES.unsupportedPlatform };
  return { ok: true, platforms: served };
}

export interface MetricCard {
  value: number;
  /** The same figure over the compare range. */
  previous: number;
  /** Percent change against the compare range, one decimal; null when the compare value is 0. */
  change: number | null;
}

export interface AnalyticsResult {
  range: { from: string; to: string };
  compare: { from: string; to: string };
  platforms: AnalyticsPlatform[];
  overview: {
    followers: MetricCard;
    likes: MetricCard;
    comments: MetricCard;
    shares: MetricCard;
    totalPosts: number;
  };
  /**
   * A row per connected account of the chosen platforms (two Facebook Pages are two rows), and
   * one per platform for posts whose account has since been disconnected (`accountId` null).
   */
  platformMetrics: Array<{
    platform: AnalyticsPlatform;
    accountId: string | null;
    accountName: string | null;
    accountHandle: string | null;
    followers: number | null;
    likes: number;
    comments: number;
    shares: number;
    views: number;
    engagement: number;
    posts: number;
  }>;
  engagementData: Array<{
    date: string;
    likes: number;
    comments: number;
    shares: number;
    engagement: number;
  }>;
  topPosts: Array<{
    id: string;
    platform: PlatformId;
    content: string;
    postedAt: string;
    url: string | null;
    metrics: PostMetricsDto;
  }>;
  /** Engagement per weekday (0 = Sunday) and hour in the user's time zone, over the range. */
  heatmap: Array<{ weekday: number; hour: number; engagement: number; posts: number }>;
  /** Platforms whose numbers cannot be read (banner). */
  unavailable: PlatformId[];
  /** Why, for those with a reason of their own (the others: upstream API changes). */
  unavailableReasons: Array<{ platform: PlatformId; message: string }>;
  /** When the collector last read this user's numbers. */
  lastReadAt: string | null;
}
