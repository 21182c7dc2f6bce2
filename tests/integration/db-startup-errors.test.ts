import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, migrateToLatest, openDatabase } from '../../server/db/database.js';
import { acquireTestPostgres, requirePostgres, type TestPostgres } from '../support/postgres.js';
import { startServer, TEST_SERVER_VARIABLE } from '../support/spawn-server.js';
import { TEST_ENCRYPTION_KEY } from '../support/test-database-kind.js';

// A server that cannot use its database says why in one line on stderr and exits with code 1:
// no stack trace, no SQLite file left behind, nothing for a supervisor to restart in a loop.

let postgres: TestPostgres;
const dirs: string[] = [];

beforeAll(async () => {
  postgres = await acquireTestPostgres();
}, 600_000);

afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  await postgres?.release();
});

/** Starts the server with these settings and waits for it to exit (it must not start). */
function startFailing(
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-start-'));
  dirs.push(dataDir);
  const bundle = process.env[TEST_SERVER_VARIABLE];
  const args = bundle ? [bundle] : ['--import', 'tsx', 'server/main.ts'];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      {
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          PORT: '0',
          SANDBOX_PORT: '0',
          NODE_ENV: 'test',
          // PostgreSQL mode needs the key (tests/integration/process-roles.test.ts checks its absence).
          ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
          ...env,
        },
        timeout: 90_000,
      },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr, dataDir }),
    );
  });
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const FUTURE = '2099-01-01T0000-future';

describe('a server on PostgreSQL', { timeout: 120_000 }, () => {
  it('migrates an empty database at start and writes no SQLite file into DATA_DIR', async (ctx) => {
    requirePostgres(ctx, postgres);
    const url = await postgres.createDatabase({ migrated: false });
    const server = await startServer({ DATABASE_URL: url });
    dirs.push(server.dataDir);
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      const signup = await fetch(`${server.url}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: 'pg@example.com',
          password: 'test-pass-1',
          timezone: 'UTC',
          language: 'en',
        }),
      });
      expect(signup.status).toBe(201);
    } finally {
      await server.stop();
    }
    expect(fs.readdirSync(server.dataDir).filter((name) => /sqlite|\.db/.test(name))).toEqual([]);
    const db = openDatabase({ url });
    const users = await db.selectFrom('users').select('email').execute();
    await db.destroy();
    expect(users).toEqual([{ email: 'pg@example.com' }]);
  });
});

describe('a server that cannot use its database', { timeout: 120_000 }, () => {
  it('names the address and the reason when the database cannot be reached', async () => {
    const port = await closedPort();
    const result = await startFailing({ DATABASE_URL: `postgres://ann:s3cret@127.0.0.1:${port}/postloom` });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot start: cannot reach the database at 127.0.0.1:${port}: connection refused`,
    );
    expect(fs.readdirSync(result.dataDir).filter((name) => name.includes('sqlite'))).toEqual([]);
  });

  it('says the credentials were refused, without the password', async (ctx) => {
    requirePostgres(ctx, postgres);
    const url = new URL(postgres.adminUrl);
    url.username = 'nobody';
    url.password = 'not-this-one';
    const result = await startFailing({ DATABASE_URL: url.toString() });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot start: the database at ${url.host} rejected the credentials for user "nobody": check the user name and password in DATABASE_URL (role "nobody" does not exist)`,
    );
    expect(result.stderr).not.toContain('not-this-one');
  });

  it('refuses a PostgreSQL database migrated by a newer Postloom, naming the migration', async (ctx) => {
    requirePostgres(ctx, postgres);
    const url = await postgres.createDatabase();
    const db = openDatabase({ url });
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${FUTURE}, '2099-01-01')`.execute(
      db.withoutPlugins(),
    );
    await db.destroy();
    const result = await startFailing({ DATABASE_URL: url });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot start: the database was migrated by a newer Postloom: unknown migration ${FUTURE}`,
    );
  });

  it('refuses a SQLite file migrated by a newer Postloom, naming the migration', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-start-'));
    dirs.push(dataDir);
    const db = openDatabase({ file: databaseFile(dataDir) });
    await migrateToLatest(db);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${FUTURE}, '2099-01-01')`.execute(
      db.withoutPlugins(),
    );
    await db.destroy();
    const result = await startFailing({ DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot start: the database was migrated by a newer Postloom: unknown migration ${FUTURE}`,
    );
  });
});
