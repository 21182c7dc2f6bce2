import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/types.js';
import { addressKey, parseAddress } from './addresses.js';
import { AppError } from './errors.js';

/** Buckets kept per limiter; past it the least recently used ones are dropped, never all of them. */
export const MAX_BUCKETS = 10_000;

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

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

/**
 * The client's address. With TRUST_PROXY on, the right-most X-Forwarded-For entry that our own
 * proxies did not add: each of the TRUST_PROXY_HOPS proxies appends the address it saw, so the
 * entry TRUST_PROXY_HOPS from the right was written by the outermost trusted proxy. Entries to
 * its left come from the client and are never believed.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const { TRUST_PROXY, TRUST_PROXY_HOPS } = c.var.deps.config;
  if (TRUST_PROXY) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const entry = hops[Math.max(0, hops.length - TRUST_PROXY_HOPS)];
    if (entry && parseAddress(entry)) return entry;
  }
  return socketAddress(c) ?? 'unknown';
}

/** The peer of the TCP connection (undefined for in-process requests). */
export function socketAddress(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
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
