import fs from 'node:fs';
import pg from 'pg';
import { createDatabase, dropDatabase } from '../../scripts/pg-cluster.mjs';
import { type Db, databaseFile, openDatabase } from '../../server/db/database.js';
import { ensureMigratedTemplate, TEST_PG_URL_VARIABLE } from './postgres.js';

/**
 * `postgres`: createTestApp, openTestDatabase and startServer put every app on a new PostgreSQL
 * database of the server named by POSTLOOM_TEST_PG_URL instead of a SQLite file (vitest's
 * `postgres` project sets it, and so does the Playwright run against PostgreSQL).
 */
export const TEST_DATABASE_VARIABLE = 'POSTLOOM_TEST_DATABASE';

export function testsUsePostgres(): boolean {
  return process.env[TEST_DATABASE_VARIABLE] === 'postgres';
}

/**
 * PostgreSQL mode needs ENCRYPTION_KEY (every process of an install must share it): one fixed key
 * for every test app and server on PostgreSQL, so servers on one database read each other's tokens.
 */
export const TEST_ENCRYPTION_KEY = '5f'.repeat(32);

/** Where one test app or server keeps its data. */
export interface TestDatabase {
  /** PostgreSQL's URL, or undefined for the SQLite file in DATA_DIR. */
  url?: string;
  /** What openDatabase needs (a SQLite database still has to be migrated; a PostgreSQL one is). */
  options: { file: string } | { url: string };
  /** The environment a server started on it needs (DATABASE_URL for PostgreSQL). */
  env: Record<string, string>;
  open(): Db;
  /**
   * Gives a PostgreSQL database back, emptied, for the next app of this test process, and fails
   * when anything wrote a SQLite file into DATA_DIR meanwhile: with DATABASE_URL set none of the
   * product's data may land there.
   */
  release(): Promise<void>;
}

/** A new database for an app or server whose DATA_DIR is `dataDir`. */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (!testsUsePostgres()) {
    const options = { file: databaseFile(dataDir) };
    return { options, env: {}, open: () => openDatabase(options), release: async () => {} };
  }
  const url = await takeDatabase();
  return {
    url,
    options: { url },
    env: { DATABASE_URL: url, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY },
    open: () => openDatabase({ url }),
    release: async () => {
      await giveBack(url);
      assertNoSqliteFile(dataDir);
    },
  };
}

/** With DATABASE_URL set none of the product's data may land in a SQLite file in DATA_DIR. */
export function assertNoSqliteFile(dataDir: string): void {
  const written = sqliteFilesIn(dataDir);
  if (written.length > 0) {
    throw new Error(`SQLite files written into DATA_DIR with DATABASE_URL set: ${written.join(', ')}`);
  }
}

// Copying the migrated template costs a tenth of a second and dropping a copy some more; emptying
// a used database costs a few milliseconds. So each test process keeps the databases its apps
// gave back and hands them out again, empty, until its test file ends (dropIdleDatabases).
const idle: string[] = [];

function adminUrl(): string {
  const url = process.env[TEST_PG_URL_VARIABLE];
  if (!url) {
    throw new Error(
      `${TEST_DATABASE_VARIABLE}=postgres needs ${TEST_PG_URL_VARIABLE}: run the tests through vitest's postgres project or npm test`,
    );
  }
  return url;
}

async function takeDatabase(): Promise<string> {
  const reused = idle.pop();
  if (reused) return reused;
  const admin = adminUrl();
  return createDatabase(admin, { template: await ensureMigratedTemplate(admin) });
}

/** Empties a database as a fresh copy of the template is (rows, identity counters), for reuse. */
async function giveBack(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A server that was killed or left running must not write into the next app's data.
    await client.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    const { rows } = await client.query<{ name: string }>(
      "SELECT format('%I', tablename) AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT LIKE 'kysely%'",
    );
    const { rows: sequences } = await client.query<{ name: string }>(
      "SELECT format('%I', sequencename) AS name FROM pg_sequences WHERE schemaname = current_schema()",
    );
    // Replica mode skips the foreign-key triggers, so the tables empty in any order (a superuser's
    // right, which the tests' server gives); far cheaper than TRUNCATE's new files per table.
    await client.query(
      [
        'SET session_replication_role = replica',
        ...rows.map((row) => `DELETE FROM ${row.name}`),
        ...sequences.map((sequence) => `SELECT setval('${sequence.name}', 1, false)`),
        'SET session_replication_role = DEFAULT',
      ].join(';'),
    );
  } finally {
    await client.end();
  }
  idle.push(url);
}

/** Drops the databases given back in this test file (the test cluster goes with the run). */
export async function dropIdleDatabases(): Promise<void> {
  for (const url of idle.splice(0)) await dropDatabase(url);
}

function sqliteFilesIn(dir: string): string[] {
  try {
    return fs.readdirSync(dir).filter((name) => /\.(sqlite|db)(-wal|-shm|-journal)?$/.test(name));
  } catch {
    return [];
  }
}
