import type { Context, MiddlewareHandler } from 'hono';
import { addressKey } from '../core/addresses.js';
import { AppError } from '../core/errors.js';
import { clientAddress } from './client-address.js';
import type { AppEnv } from './types.js';

/** Buckets kept per limiter; past it the least recently used ones are dropped, never all of them. */
export const MAX_BUCKETS = 10_000;

const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

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

/** 429 with a clear message once a key spends its requests for the window. */
export function createLimiter(options: { name: string; perMinute: number; windowMinutes?: number }) {
  const minutes = options.windowMinutes ?? 1;
  const bucket = createTokenBucket(options.perMinute * minutes, minutes * 60_000);
  return (c: Context<AppEnv>, key: string): void => {
    if (!bucket.take(`${options.name}:${key}`)) {
      c.header('Retry-After', String(60 * minutes));
      throw new AppError('rate_limited', RATE_LIMITED_MESSAGE);
    }
  };
}

/** Per client network (an IPv4 address or an IPv6 /64): `perMinute` requests a minute. */
export function rateLimit(options: { name: string; perMinute: number }): MiddlewareHandler<AppEnv> {
  const limit = createLimiter(options);
  return async (c, next) => {
    limit(c, addressKey(clientAddress(c)));
    return next();
  };
}
