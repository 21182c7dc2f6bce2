/** Buckets kept per limiter; past it the least recently used ones are dropped, never all of them. */
export const MAX_BUCKETS = 10_000;

/**
 * A token bucket per key: `capacity` requests, refilled evenly over `perMs`. Buckets live in a
 * Map used as an LRU (a key moves to the end when used), so flooding the limiter with new keys
 * evicts the oldest buckets one by one: a busy attacker's own bucket stays.
 */
export function createTokenBucket(capacity: number, perMs: number, maxBuckets = MAX_BUCKETS) {
  const buckets = new Map<string, { tokens: number; updatedAt: number }>();
  return {
    take(key: string, now = Date.now()): boolean {
      const bucket = buckets.get(key) ?? { tokens: capacity, updatedAt: now };
      bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedAt) * capacity) / perMs);
      bucket.updatedAt = now;
      buckets.delete(key);
      buckets.set(key, bucket);
      while (buckets.size > maxBuckets) {
        const oldest = buckets.keys().next().value;
        if (oldest === undefined) break;
        buckets.delete(oldest);
      }
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
    get size() {
      return buckets.size;
    },
  };
}
