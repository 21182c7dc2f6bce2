import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { findPgBinDir } from './scripts/pg-cluster.mjs';

// Files run three to a two-core machine at once (many wait on timers and servers rather than the
// CPU), and each worker keeps the modules it has loaded for its next file (`isolate: false`):
// loading the server's module graph once per worker instead of once per file halves the suite's
// CPU time. So a test file must leave nothing behind: it makes its own app, data directory, ports
// and databases, closes what it opened, restores real timers and unstubs what it stubbed.
const workers = Math.max(2, Math.round(os.availableParallelism() * 1.5));

// Every test that touches the database runs twice: on SQLite files (the `unit` and `integration`
// projects) and on PostgreSQL (the `postgres` project, where tests/support's createTestApp,
// openTestDatabase and startServer give each app a new PostgreSQL database).
const INTEGRATION = 'tests/integration/**/*.test.ts';
/**
 * Integration files about the databases themselves, which open their own SQLite files and
 * PostgreSQL databases side by side (migrations, startup errors, db:copy): run once.
 */
const OWN_DATABASES = [
  'tests/integration/db-migrations-pg.test.ts',
  'tests/integration/db-postgres-errors.test.ts',
  'tests/integration/db-startup-errors.test.ts',
  'tests/integration/db-copy.test.ts',
];
const postgresProblem = postgresUnavailable();

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'extension/**/*.test.ts',
            'webapp/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: { name: 'integration', include: [INTEGRATION] },
      },
      postgresProblem
        ? {
            extends: true,
            test: {
              name: 'postgres',
              include: ['tests/support/postgres-unavailable.test.ts'],
              env: { POSTLOOM_TEST_PG_UNAVAILABLE: postgresProblem },
            },
          }
        : {
            extends: true,
            test: {
              name: 'postgres',
              include: [INTEGRATION, ...unitFilesOnTheDatabase()],
              exclude: OWN_DATABASES,
              env: { POSTLOOM_TEST_DATABASE: 'postgres' },
              globalSetup: ['tests/support/postgres-global-setup.ts'],
              setupFiles: ['tests/support/postgres-setup.ts'],
              // The first app of a test file copies the migrated template database.
              hookTimeout: 60_000,
            },
          },
    ],
  },
});

/** Unit test files that open a database through tests/support (openTestDatabase, createTestApp). */
function unitFilesOnTheDatabase(): string[] {
  return (fs.readdirSync('server', { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join('server', file))
    .filter((file) => /tests\/support\/test-(database|app)\.js/.test(fs.readFileSync(file, 'utf8')));
}

/**
 * Why the postgres project cannot run, or null: the server named by POSTLOOM_TEST_PG_URL (npm
 * test starts one) or a private cluster from Debian's PostgreSQL (installed when run as root).
 */
function postgresUnavailable(): string | null {
  if (process.env.POSTLOOM_TEST_PG_UNAVAILABLE) return process.env.POSTLOOM_TEST_PG_UNAVAILABLE;
  if (process.env.POSTLOOM_TEST_PG_URL || process.getuid?.() === 0) return null;
  try {
    findPgBinDir({ install: false });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
