import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/database.js';
import { type CountingLimiter, createPostgresLimiter } from '../http/request-limiter.js';

/** One request counted against a token's window, as the IETF RateLimit headers report it. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

export interface TokenRateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
}

/**
 * `perMinute` requests per token in fixed one-minute windows. Counted where the sign-in limits
 * are (http/request-limiter.ts): in this process's memory on SQLite (one process), in the
 * database on PostgreSQL, so that every process of an install spends from one count per token.
 */
export function createTokenRateLimiter(db: Db, onPostgres: boolean, perMinute: number): TokenRateLimiter {
  const limiter: CountingLimiter = onPostgres
    ? createPostgresLimiter(db, { name: 'api-token', points: perMinute, durationMs: 60_000 })
    : new RateLimiterMemory({ points: perMinute, duration: 60 });
  const decide = (res: RateLimiterRes, allowed: boolean): RateLimitDecision => ({
    allowed,
    limit: perMinute,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  return {
    async consume(key) {
      try {
        return decide(await limiter.consume(key), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decide(rejection, false);
        throw rejection;
      }
    },
  };
}
