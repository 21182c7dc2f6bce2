import type { PlatformId } from '../../shared/platforms/ids.js';

/**
 * Platforms' own posting caps per account (platform-apis.md): X 100 creates per 15 min per
 * user; Instagram 100 publishes and Threads 250 posts per 24 h. A post over the cap waits
 * for the window instead of failing.
 */
const LIMITS: Partial<Record<PlatformId, { count: number; windowMs: number }>> = {
  twitter: { count: 100, windowMs: 15 * 60_000 },
  instagram: { count: 100, windowMs: 24 * 60 * 60_000 },
  threads: { count: 250, windowMs: 24 * 60 * 60_000 },
  facebook: { count: 500, windowMs: 24 * 60 * 60_000 },
};

export function createPublishLimiter() {
  const windows = new Map<string, number[]>();
  return {
    /** Takes a slot for the account now, or answers when the next slot frees up. */
    take(
      platform: PlatformId,
      accountId: string,
      now = Date.now(),
    ): { ok: true } | { ok: false; retryAt: number } {
      const limit = LIMITS[platform];
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
