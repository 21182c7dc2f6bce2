import { CompiledQuery } from 'kysely';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/database.js';
import { createTokenBucket } from './token-bucket.js';

/** One limit: `points` requests per `durationMs` for each key. */
export interface LimitOptions {
  name: string;
  points: number;
  durationMs: number;
}

export interface RequestLimiter {
  /** Spends one request of `key`; false once its requests for the window are spent. */
  take(key: string): Promise<boolean>;
}

/** The table of the PostgreSQL migration 2026-11-26T2300-rate-limits, in rate-limiter-flexible's layout. */
const TABLE = 'rate_limits';
/** Expired rows are deleted at most this often per process (a limiter's own timers would outlive its app). */
const CLEANUP_EVERY_MS = 5 * 60_000;
const lastCleanup = new WeakMap<Db, number>();

/**
 * SQLite (one process): today's token bucket in the process's memory, bounded by LRU eviction.
 * PostgreSQL (any number of processes): rate-limiter-flexible's PostgreSQL store, so every
 * process spends from one count per key. Its window is fixed (it opens with a key's first request
 * and holds `points` until it ends) where the bucket refills evenly: the same number of requests
 * per window either way. Should the database fail, its in-memory insurance limiter keeps counting
 * on this process rather than let every request through or refuse them all.
 */
export function createRequestLimiter(db: Db, onPostgres: boolean, options: LimitOptions): RequestLimiter {
  if (!onPostgres) {
    const bucket = createTokenBucket(options.points, options.durationMs);
    return { take: async (key) => bucket.take(`${options.name}:${key}`) };
  }
  const limiter = createPostgresLimiter(db, options);
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return true;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return false;
        throw rejection;
      }
    },
  };
}

/** A limiter's answer: resolves with the key's count, rejects with it once the window is spent. */
export interface CountingLimiter {
  consume(key: string): Promise<RateLimiterRes>;
}

/**
 * rate-limiter-flexible's PostgreSQL store on the app's own pool (the rate_limits table): one
 * fixed window per key that every process of the install spends from, with an in-memory
 * insurance limiter for the moments the database does not answer.
 */
export function createPostgresLimiter(db: Db, options: LimitOptions): CountingLimiter {
  const duration = Math.max(1, Math.round(options.durationMs / 1000));
  const limiter = new RateLimiterPostgres({
    storeClient: kyselyClient(db),
    storeType: 'client',
    tableName: TABLE,
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix: options.name,
    points: options.points,
    duration,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix: options.name, points: options.points, duration }),
  });
  return {
    consume(key) {
      cleanUpNowAndThen(db);
      return limiter.consume(key);
    },
  };
}

/** rate-limiter-flexible's `query({ text, values })` over the app's own pool, through Kysely. */
function kyselyClient(db: Db) {
  return {
    query: (query: { text: string; values?: unknown[] }) =>
      db.executeQuery(CompiledQuery.raw(query.text, query.values ?? [])),
  };
}

function cleanUpNowAndThen(db: Db, now = Date.now()): void {
  if (now - (lastCleanup.get(db) ?? 0) < CLEANUP_EVERY_MS) return;
  lastCleanup.set(db, now);
  // A window that ended an hour ago is of no use to anyone; losing this race to another process is fine.
  db.executeQuery(CompiledQuery.raw(`DELETE FROM ${TABLE} WHERE expire < $1`, [now - 3_600_000])).catch(
    () => undefined,
  );
}
