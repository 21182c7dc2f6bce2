import { zonedTimeToUtc } from '../time/zoned-time.js';
import type { PostStatus } from './constants.js';

/**
 * When a post may be scheduled, where a new post starts, whether it can still be moved and when
 * it counts as missed: one rule each for the server, the web app (composer, calendar) and the
 * extension.
 */

const MINUTE_MS = 60_000;

/**
 * A schedule time up to a minute in the past is still "in the future": the user picked "now" or
 * the browser's clock runs slightly behind. The scheduler then publishes it on its next tick.
 */
export const SCHEDULE_CLOCK_SKEW_MS = MINUTE_MS;

/** Whether `at` is an acceptable schedule time at `now` (refused with POST_MESSAGES.scheduleInPast). */
export function isInFuture(at: number, now: number): boolean {
  return at >= now - SCHEDULE_CLOCK_SKEW_MS;
}

/** A new post starts at least this long from now, on a quarter hour. */
const DEFAULT_POST_LEAD_MS = 60 * MINUTE_MS;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
/** A day chosen on the calendar starts at this hour of the user's clock. */
const DEFAULT_POST_HOUR = 9;

/**
 * The time a new post starts with (UTC ms): the first quarter hour at least an hour from now.
 * A day chosen on the calendar starts at 09:00 on that day, an hour of its week view at the start
 * of that hour; either one becomes the default from now when it comes sooner.
 */
export function defaultPostTime(
  now: number,
  timeZone: string,
  chosen?: { date: string; hour?: number },
): number {
  const soonest = Math.ceil((now + DEFAULT_POST_LEAD_MS) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  if (!chosen) return soonest;
  const hour = chosen.hour ?? DEFAULT_POST_HOUR;
  const start = zonedTimeToUtc({ date: chosen.date, hour, minute: 0 }, timeZone).getTime();
  return Math.max(start, soonest);
}

/** A post on the calendar can be dragged to another time while it is scheduled and not yet due. */
export function canMovePost(post: { status: PostStatus; at: number | null }, now: number): boolean {
  return post.status === 'scheduled' && post.at !== null && post.at > now;
}

/** The server's LATE_GRACE_MINUTES unless configured otherwise. */
export const DEFAULT_LATE_GRACE_MINUTES = 60;

/**
 * Scheduled posts due before this instant were missed (Postloom was not running at their time):
 * the engine fails them instead of publishing them late.
 */
export function missedCutoff(now: number, graceMinutes: number): number {
  return now - graceMinutes * MINUTE_MS;
}

/**
 * A scheduled post whose time passed more than the grace ago: missed. Within the grace it is
 * only due (the engine still sends it), which the web app shows as such.
 */
export function isMissed(post: { status: PostStatus; at: number | null }, now: number, graceMinutes: number) {
  return post.status === 'scheduled' && post.at !== null && post.at < missedCutoff(now, graceMinutes);
}
