import type { Context, MiddlewareHandler } from 'hono';
import { addressKey } from '../core/addresses.js';
import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import { clientAddress } from './client-address.js';
import { createRequestLimiter, type RequestLimiter } from './request-limiter.js';
import type { AppEnv } from './types.js';

const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * 429 with a clear message once a key spends its requests for the window. Counted per database:
 * in the process's memory on SQLite, in the database on PostgreSQL so that every process of an
 * install spends from one count (see request-limiter.ts).
 */
export function createLimiter(options: { name: string; perMinute: number; windowMinutes?: number }) {
  const minutes = options.windowMinutes ?? 1;
  // perMinute may be a fraction (3 an hour is 1/20 a minute): round away float noise, at least 1.
  const points = Math.max(1, Math.round(options.perMinute * minutes * 1e6) / 1e6);
  const limiters = new WeakMap<Db, RequestLimiter>();
  return async (c: Context<AppEnv>, key: string): Promise<void> => {
    const { db, config } = c.var.deps;
    let limiter = limiters.get(db);
    if (!limiter) {
      limiter = createRequestLimiter(db, Boolean(config.DATABASE_URL), {
        name: options.name,
        points,
        durationMs: minutes * 60_000,
      });
      limiters.set(db, limiter);
    }
    if (!(await limiter.take(key))) {
      c.header('Retry-After', String(60 * minutes));
      throw new AppError('rate_limited', RATE_LIMITED_MESSAGE);
    }
  };
}

/** Per client network (an IPv4 address or an IPv6 /64): `perMinute` requests a minute. */
export function rateLimit(options: { name: string; perMinute: number }): MiddlewareHandler<AppEnv> {
  const limit = createLimiter(options);
  return async (c, next) => {
    await limit(c, addressKey(clientAddress(c)));
    return next();
  };
}
