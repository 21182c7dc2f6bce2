import { createHash } from 'node:crypto';
import pg from 'pg';
import type { TestContext } from 'vitest';
import { migrations } from '../../migrations/index.js';
import {
  createDatabase,
  databaseUrl,
  dropDatabase,
  type PgCluster,
  startPgCluster,
  stopPgCluster,
} from '../../scripts/pg-cluster.mjs';
import { migrateToLatest, openDatabase } from '../../server/db/database.js';
import { describeDatabaseError } from '../../server/db/database-errors.js';

/**
 * A superuser URL of a running PostgreSQL to use instead of starting a private cluster (a test
 * command that runs many files sets it once). Its databases are created and dropped per test file.
 */
export const TEST_PG_URL_VARIABLE = 'POSTLOOM_TEST_PG_URL';

export interface AvailablePostgres {
  available: true;
  adminUrl: string;
  /** A new database: empty, or with every migration applied (copied from a template: fast). */
  createDatabase(options?: { migrated?: boolean }): Promise<string>;
  dropDatabase(url: string): Promise<void>;
  /** Drops the databases made here and stops the private cluster, if this file started one. */
  release(): Promise<void>;
}

export interface MissingPostgres {
  available: false;
  reason: string;
  release(): Promise<void>;
}

export type TestPostgres = AvailablePostgres | MissingPostgres;

/** PostgreSQL for this test file: the server named by POSTLOOM_TEST_PG_URL, or a private cluster. */
export async function acquireTestPostgres(): Promise<TestPostgres> {
  let cluster: PgCluster | undefined;
  let adminUrl = process.env[TEST_PG_URL_VARIABLE];
  try {
    if (!adminUrl) {
      cluster = await startPgCluster();
      adminUrl = cluster.url;
    } else {
      await ping(adminUrl);
    }
  } catch (error) {
    const reason = adminUrl
      ? `${TEST_PG_URL_VARIABLE}: ${describeDatabaseError(error, adminUrl)}`
      : error instanceof Error
        ? error.message
        : String(error);
    console.warn(`PostgreSQL tests cannot run: ${reason}`);
    return { available: false, reason, release: async () => {} };
  }
  const server = adminUrl;
  const created = new Set<string>();
  return {
    available: true,
    adminUrl: server,
    async createDatabase({ migrated = true } = {}) {
      const template = migrated ? await ensureMigratedTemplate(server) : undefined;
      const url = await createDatabase(server, { template });
      created.add(url);
      return url;
    },
    async dropDatabase(url) {
      created.delete(url);
      await dropDatabase(url);
    },
    async release() {
      if (cluster) {
        await stopPgCluster(cluster);
        return;
      }
      for (const url of created) await dropDatabase(url);
      created.clear();
    },
  };
}

/**
 * Makes a test that needs PostgreSQL skip, with the reason, when there is none; under CI=true it
 * fails instead, so a missing PostgreSQL never passes for a green run.
 */
export function requirePostgres(
  ctx: TestContext,
  postgres: TestPostgres,
): asserts postgres is AvailablePostgres {
  if (postgres.available) return;
  if (process.env.CI === 'true') throw new Error(`PostgreSQL is required under CI: ${postgres.reason}`);
  ctx.skip(`PostgreSQL unavailable: ${postgres.reason}`);
}

const templates = new Map<string, Promise<string>>();

/**
 * A database with every migration applied, built once per server and migration set; new test
 * databases are copied from it (CREATE DATABASE ... TEMPLATE) instead of migrating each one.
 */
export function ensureMigratedTemplate(adminUrl: string): Promise<string> {
  let template = templates.get(adminUrl);
  if (!template) {
    template = buildMigratedTemplate(adminUrl);
    templates.set(adminUrl, template);
    template.catch(() => templates.delete(adminUrl));
  }
  return template;
}

async function buildMigratedTemplate(adminUrl: string): Promise<string> {
  const fingerprint = createHash('sha256');
  for (const [name, migration] of Object.entries(migrations)) {
    fingerprint.update(name).update(String(migration.up));
  }
  const name = `postloom_template_${fingerprint.digest('hex').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Test files run in parallel processes: one builds the template, the others wait for it.
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (existing.rowCount === 0) {
      // Built under another name and renamed when complete: an interrupted build leaves no template.
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await client.query(`CREATE DATABASE "${building}"`);
      const db = openDatabase({ url: databaseUrl(adminUrl, building) });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    }
    return name;
  } finally {
    await client.end();
  }
}

async function ping(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  await client.end();
}
