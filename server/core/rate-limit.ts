import { getConnInfo } from '@hono/node-server/conninfo';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/types.js';
import { AppError } from './errors.js';

/** A token bucket per key: `capacity` requests, refilled evenly over `perMs`. */
export function createTokenBucket(capacity: number, perMs: number) {
  const buckets = new Map<string, { tokens: number; updatedAt: number }>();
  return {
    take(key: string, now = Date.now()): boolean {
      const bucket = buckets.get(key) ?? { tokens: capacity, updatedAt: now };
      bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.updatedAt) * capacity) / perMs);
      bucket.updatedAt = now;
      if (buckets.size > 10_000) buckets.clear();
      if (bucket.tokens < 1) {
        buckets.set(key, bucket);
        return false;
      }
      bucket.tokens -= 1;
      buckets.set(key, bucket);
      return true;
    },
  };
}

/** The client's address: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY is on. */
export function clientAddress(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  if (c.var.deps.config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** 429 with a clear message once an address spends its requests for the window. */
export function rateLimit(options: { name: string; perMinute: number }): MiddlewareHandler<AppEnv> {
  const bucket = createTokenBucket(options.perMinute, 60_000);
  return async (c, next) => {
    if (!bucket.take(`${options.name}:${clientAddress(c)}`)) {
      c.header('Retry-After', '60');
      throw new AppError('rate_limited', 'Too many requests. Please wait a minute and try again.');
    }
    return next();
  };
}
