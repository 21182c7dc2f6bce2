import { createRequire } from 'node:module';
import { PostgresDialect } from 'kysely';
import type pg from 'pg';

// Loaded when a PostgreSQL database is opened: a server on SQLite never needs the driver, which
// would hold memory for as long as it runs.
const require = createRequire(import.meta.url);
const driver = (): typeof pg => require('pg');

/** pg_type oids of the types the app reads as numbers. */
const INT8 = 20;
const NUMERIC = 1700;
const INT8_ARRAY = 1016;
const NUMERIC_ARRAY = 1231;

const DEFAULT_POOL_SIZE = 10;
/** How long opening a connection may take before the start fails with "timed out". */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * The one place the pg driver's values become the app's: SQLite hands back every integer as a
 * number, pg hands back int8 (our epoch-ms columns, count(), sum() of integers) and numeric
 * (sum() of bigints, avg()) as strings. Epoch milliseconds and our counts stay far below 2^53.
 */
export function numberTypeParsers(): pg.CustomTypesConfig {
  const overrides = new (driver().TypeOverrides)();
  const parseInt8Array = builtinTextParser(INT8_ARRAY);
  const parseNumericArray = builtinTextParser(NUMERIC_ARRAY);
  overrides.setTypeParser(INT8, 'text', Number);
  overrides.setTypeParser(NUMERIC, 'text', Number);
  overrides.setTypeParser(INT8_ARRAY, 'text', (value) => toNumbers(parseInt8Array(value)));
  overrides.setTypeParser(NUMERIC_ARRAY, 'text', (value) => toNumbers(parseNumericArray(value)));
  return overrides;
}

/** pg's own parser for a type (its typings list scalar types only, not array types). */
function builtinTextParser(oid: number): (value: string) => unknown {
  return (driver().types.getTypeParser as (oid: number, format: 'text') => (value: string) => unknown)(
    oid,
    'text',
  );
}

function toNumbers(values: unknown): unknown {
  if (Array.isArray(values)) return values.map(toNumbers);
  return values === null ? null : Number(values);
}

/**
 * sslmode as libpq and every PostgreSQL host's documentation mean it: `require` encrypts
 * without checking the certificate (managed databases often present one from their own CA),
 * `verify-ca`/`verify-full` check it. pg alone treats `require` as `verify-full`.
 */
export function connectionStringWithLibpqSsl(url: string): string {
  const parsed = new URL(url);
  if (!parsed.searchParams.has('sslmode') || parsed.searchParams.has('uselibpqcompat')) return url;
  parsed.searchParams.set('uselibpqcompat', 'true');
  return parsed.toString();
}

interface PostgresOptions {
  url: string;
  poolSize?: number;
  /** How long opening a connection may take (default 10 s). */
  connectTimeoutMs?: number;
  /**
   * An idle pooled connection failed (the server restarted, a proxy dropped it). The pool
   * discards it and the next query opens a new one; without a listener pg would crash the process.
   */
  onIdleError?: (error: Error) => void;
}

export function postgresPoolConfig({
  url,
  poolSize = DEFAULT_POOL_SIZE,
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
}: PostgresOptions): pg.PoolConfig {
  return {
    connectionString: connectionStringWithLibpqSsl(url),
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'postloom',
    types: numberTypeParsers(),
  };
}

export function createPostgresDialect(options: PostgresOptions): PostgresDialect {
  const pool = new (driver().Pool)(postgresPoolConfig(options));
  pool.on('error', (error) => options.onIdleError?.(error));
  // A connection lost while a query is on it (PostgreSQL stopped at once, the network dropped)
  // fails that query, and pg also emits 'error' on the client, which the pool listens for only
  // while the client is idle: unheard, it would end the process. The query's caller hears it.
  pool.on('connect', (client) => client.on('error', ignoreLentClientError));
  return new PostgresDialect({ pool });
}

function ignoreLentClientError(): void {}
