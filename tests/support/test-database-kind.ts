import fs from 'node:fs';
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
   * Drops a PostgreSQL database, and fails when anything wrote a SQLite file into DATA_DIR
   * meanwhile: with DATABASE_URL set none of the product's data may land there.
   */
  drop(): Promise<void>;
}

/** A new database for an app or server whose DATA_DIR is `dataDir`. */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  if (!testsUsePostgres()) {
    const options = { file: databaseFile(dataDir) };
    return { options, env: {}, open: () => openDatabase(options), drop: async () => {} };
  }
  const adminUrl = process.env[TEST_PG_URL_VARIABLE];
  if (!adminUrl) {
    throw new Error(
      `${TEST_DATABASE_VARIABLE}=postgres needs ${TEST_PG_URL_VARIABLE}: run the tests through vitest's postgres project or npm test`,
    );
  }
  const url = await createDatabase(adminUrl, { template: await ensureMigratedTemplate(adminUrl) });
  return {
    url,
    options: { url },
    env: { DATABASE_URL: url },
    open: () => openDatabase({ url }),
    drop: async () => {
      await dropDatabase(url);
      const written = sqliteFilesIn(dataDir);
      if (written.length > 0) {
        throw new Error(`SQLite files written into DATA_DIR with DATABASE_URL set: ${written.join(', ')}`);
      }
    },
  };
}

function sqliteFilesIn(dir: string): string[] {
  try {
    return fs.readdirSync(dir).filter((name) => /\.(sqlite|db)(-wal|-shm|-journal)?$/.test(name));
  } catch {
    return [];
  }
}
