import type { PlatformId } from '../../shared/platforms/ids.js';
import { LONGEST_POSTING_CAP_WINDOW_MS, postingCap } from '../../shared/platforms/posting-rules.js';

/**
 * Platforms' own posting caps per account, from the platform registry. A post over the cap waits
 * for the window instead of failing. The windows are counted in memory and seeded at start-up
 * from the create requests the database says were sent, so a restart does not forget them.
 */

/** The longest window: how far back start-up has to look. */
export const LONGEST_LIMIT_WINDOW_MS = LONGEST_POSTING_CAP_WINDOW_MS;

export function createPublishLimiter() {
  const windows = new Map<string, number[]>();
  return {
    /**
     * Starts over from the creates the database says were sent (oldest first): at start-up, those
     * of an earlier process count against this one's windows too.
     */
    seed(
      sent: ReadonlyArray<{ platform: string; socialAccountId: string; commitSentAt: number }>,
      now = Date.now(),
    ) {
      windows.clear();
      for (const { platform, socialAccountId, commitSentAt } of sent) {
        const limit = postingCap(platform);
        if (!limit || commitSentAt <= now - limit.windowMs) continue;
        const key = `${platform}:${socialAccountId}`;
        windows.set(key, [...(windows.get(key) ?? []), commitSentAt]);
      }
    },
    /** Takes a slot for the account now, or answers when the next slot frees up. */
    take(
      platform: PlatformId,
      accountId: string,
      now = Date.now(),
    ): { ok: true } | { ok: false; retryAt: number } {
      const limit = postingCap(platform);
      if (!limit) return { ok: true };
      const key = `${platform}:${accountId}`;
      const times = (windows.get(key) ?? []).filter((t) => t > now - limit.windowMs);
      if (times.length >= limit.count) {
        windows.set(key, times);
        return { ok: false, retryAt: (times[0] ?? now) + limit.windowMs };
      }
      times.push(now);
      windows.set(key, times);
      return { ok: true };
    },
  };
}
