/**
 * The waits between a delivery's attempts: the first attempt goes at once, each failure (an
 * error, no answer within DELIVERY_TIMEOUT_MS, or a non-2xx status) waits the next entry, and a
 * failure after the last one gives up: about a day and a half of tries in all (Standard Webhooks
 * and Svix use this schedule). Tests shorten it with WEBHOOK_RETRY_SCALE, never by editing it.
 */
export const WEBHOOK_RETRY_SCHEDULE_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
] as const;

/** A delivery is tried once, then once after each wait of the schedule. */
export const MAX_WEBHOOK_ATTEMPTS = WEBHOOK_RETRY_SCHEDULE_MS.length + 1;

/** How long each attempt waits for the receiver's answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * When the attempt after `attemptCount` failed attempts is due, or null when none is left.
 * `scale` multiplies the wait (WEBHOOK_RETRY_SCALE; 1 in production).
 */
export function nextAttemptAt(attemptCount: number, now: number, scale = 1): number | null {
  const wait = WEBHOOK_RETRY_SCHEDULE_MS[attemptCount - 1];
  if (wait === undefined) return null;
  return now + Math.max(1, Math.round(wait * scale));
}

/** The schedule as people read it: "5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h". */
export function describeRetrySchedule(): string {
  const words = WEBHOOK_RETRY_SCHEDULE_MS.map((ms) =>
    ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`,
  );
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
