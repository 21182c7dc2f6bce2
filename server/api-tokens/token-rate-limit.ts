import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** One request counted against a token's window, as the IETF RateLimit headers report it. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window starts again. */
  resetSeconds: number;
}

/**
 * Where the per-token counts live. Memory today (one server process); the same interface can sit
 * on rate-limiter-flexible's PostgreSQL store when several processes share the work.
 */
export interface TokenRateLimiter {
  consume(key: string): Promise<RateLimitDecision>;
}

/** `perMinute` requests per key in fixed one-minute windows, counted in this process. */
export function createMemoryTokenRateLimiter(perMinute: number): TokenRateLimiter {
  const limiter = new RateLimiterMemory({ points: perMinute, duration: 60 });
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
