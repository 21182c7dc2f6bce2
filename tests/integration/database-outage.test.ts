import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import {
  createDatabase,
  type PgCluster,
  pausePgCluster,
  resumePgCluster,
  startPgCluster,
  stopPgCluster,
} from '../../scripts/pg-cluster.mjs';
import { type RunningServer, startServer } from '../support/spawn-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { testsUsePostgres } from '../support/test-database-kind.js';

// /api/health tells a load balancer whether to route to this process: 503 while the database is
// unreachable or lacks this build's migrations, 200 again once it is back, with no restart.

const NEWEST = Object.keys(migrations).at(-1) as string;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('health for load balancers', () => {
  it('answers 503 while the database lacks the newest migration this build knows, 200 once it has it', async () => {
    t = await createTestApp();
    const raw = t.deps.db.withoutPlugins();
    expect((await t.request('/api/health')).status).toBe(200);
    const applied = await sql<{ timestamp: string }>`
      select timestamp from kysely_migration where name = ${NEWEST}`.execute(raw);
    await sql`delete from kysely_migration where name = ${NEWEST}`.execute(raw);
    const behind = await t.request('/api/health');
    expect(behind.status).toBe(503);
    expect(await behind.json()).toEqual({ status: 'error' });
    await sql`insert into kysely_migration (name, timestamp) values (${NEWEST}, ${applied.rows[0]?.timestamp})`.execute(
      raw,
    );
    expect((await t.request('/api/health')).status).toBe(200);
  });
});

type Cluster = PgCluster;

describe.runIf(testsUsePostgres())('a process that loses PostgreSQL', { timeout: 240_000 }, () => {
  let cluster: Cluster | undefined;
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    if (cluster) await stopPgCluster(cluster);
  });

  async function healthOf(target: RunningServer): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${target.url}/api/health`);
    return { status: res.status, body: await res.json() };
  }

  it('answers 503 while the database is down and recovers without a restart', async () => {
    cluster = await startPgCluster({ log: () => undefined });
    const url = await createDatabase(cluster.url, { name: 'postloom_outage' });
    server = await startServer({ DATABASE_URL: url }, { startTimeoutMs: 90_000 });
    const running = server;
    expect((await healthOf(running)).status).toBe(200);

    await pausePgCluster(cluster);
    await expect
      .poll(() => healthOf(running), { timeout: 15_000, interval: 250 })
      .toEqual({ status: 503, body: { status: 'error', database: 'unreachable' } });
    // A request that needs the database fails cleanly meanwhile, and the process stays up.
    const refused = await fetch(`${running.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: running.url },
      body: JSON.stringify({ email: 'ann@example.com', password: 'secret-123' }),
    });
    expect(refused.status).toBeGreaterThanOrEqual(500);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(running.process.exitCode).toBeNull();

    await resumePgCluster(cluster);
    await expect
      .poll(async () => (await healthOf(running)).status, { timeout: 30_000, interval: 250 })
      .toBe(200);
    const signup = await fetch(`${running.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: running.url },
      body: JSON.stringify({
        email: 'ann@example.com',
        password: 'secret-123',
        timezone: 'UTC',
        language: 'en',
      }),
    });
    expect(signup.status).toBeLessThan(300);
    expect(running.process.exitCode).toBeNull();
  });
});
