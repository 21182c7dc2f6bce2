import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { type Db, databaseFile, openDatabase } from '../../server/db/database.js';
import {
  assertNoSqliteFile,
  createTestDatabase,
  TEST_ENCRYPTION_KEY,
  type TestDatabase,
  testsUsePostgres,
} from './test-database-kind.js';

export interface RunningServer {
  /** The server on this machine (http://localhost:PORT), whatever APP_URL says. */
  url: string;
  /** APP_URL as the server was given it. */
  appUrl: string;
  port: number;
  dataDir: string;
  /** DATABASE_URL when the server runs on PostgreSQL; unset: the SQLite file in DATA_DIR. */
  databaseUrl?: string;
  /** ENCRYPTION_KEY it was started with (always on PostgreSQL); unset: the key generated into DATA_DIR. */
  encryptionKey?: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * The server bundle `npm test` builds at its start (scripts/build-test-server.mjs), which starts in
 * less than half the time of the sources through tsx; unset, the sources run through tsx.
 */
export const TEST_SERVER_VARIABLE = 'POSTLOOM_TEST_SERVER';

/** The PostgreSQL database of each DATA_DIR: a server started again on a DATA_DIR finds its data. */
const databases = new Map<string, TestDatabase>();

/**
 * Starts the real server (`node --import tsx server/main.ts`, or the bundle named by
 * POSTLOOM_TEST_SERVER) on a free port with a new DATA_DIR, and waits until `/api/health`
 * answers. The web app must already be built.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { script?: string; startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-e2e-'));
  // Given, a new one when the tests run on PostgreSQL, or the environment's (a benchmark's).
  const databaseUrl = env.DATABASE_URL ?? (await databaseOf(dataDir))?.url ?? process.env.DATABASE_URL;
  const url = `http://localhost:${port}`;
  const appUrl = env.APP_URL ?? url;
  let log = '';
  const nodeArgs = process.env.POSTLOOM_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // `script` runs a launcher such as scripts/start.mjs (what `npm start` runs) instead of the server.
  const bundle = process.env[TEST_SERVER_VARIABLE];
  const server = bundle ? [bundle] : ['--import', 'tsx', 'server/main.ts'];
  // The flags `npm start` gives the server, then the caller's (a benchmark's experiments).
  const args = options.script ? [options.script] : [...SERVER_NODE_FLAGS, ...nodeArgs, ...server];
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    // Demo mode's built-in sandbox on a free port: parallel test servers must not share one.
    SANDBOX_PORT: '0',
    ...(databaseUrl && !process.env.ENCRYPTION_KEY ? { ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } : {}),
    ...env,
    PORT: String(port),
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  };
  // An empty value means "not set", as on a fresh install.
  for (const [key, value] of Object.entries(childEnv)) if (value === '') delete childEnv[key];
  const child = spawn(process.execPath, args, {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within ${timeoutMs / 1000} s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    appUrl,
    port,
    dataDir,
    databaseUrl,
    encryptionKey: childEnv.ENCRYPTION_KEY,
    process: child,
    output: () => log,
    stop: async (signal = 'SIGTERM') => {
      // Killed by a signal, a process has no exit code but its signal code: it is gone too.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill(signal);
        await exited;
      }
      if (databaseUrl && databases.has(dataDir)) assertNoSqliteFile(dataDir);
    },
  };
}

/** With the tests on PostgreSQL, a new database for a new DATA_DIR (none on SQLite). */
async function databaseOf(dataDir: string): Promise<TestDatabase | undefined> {
  if (!testsUsePostgres()) return undefined;
  let database = databases.get(dataDir);
  if (!database) {
    database = await createTestDatabase(dataDir);
    databases.set(dataDir, database);
  }
  return database;
}

/**
 * Gives back the PostgreSQL databases of the servers started so far (ending what still uses
 * them) and checks that none of them wrote a SQLite file into its DATA_DIR.
 */
export async function releaseServerDatabases(): Promise<void> {
  const releasing = [...databases.values()];
  databases.clear();
  for (const database of releasing) await database.release();
}

/** The database of a server (stopped or running), for a test to read or prepare rows. */
export function openServerDatabase(server: { dataDir: string; databaseUrl?: string }): Db {
  return server.databaseUrl
    ? openDatabase({ url: server.databaseUrl, poolSize: 2 })
    : openDatabase({ file: databaseFile(server.dataDir) });
}

/** The built-in demo sandbox of a server started in demo mode: its address and control secret. */
export function demoSandboxOf(server: RunningServer): { url: string; controlSecret: string } {
  return JSON.parse(fs.readFileSync(path.join(server.dataDir, 'sandbox-control.json'), 'utf8'));
}
