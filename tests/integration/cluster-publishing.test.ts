import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import {
  type BurstOutcome,
  burstOutcome,
  seedBurst,
  startAnother,
  startProcesses,
  waitUntilSettled,
} from '../support/cluster.js';
import { openServerDatabase, type RunningServer, releaseServerDatabases } from '../support/spawn-server.js';
import { testsUsePostgres } from '../support/test-database-kind.js';

// Several processes on one PostgreSQL share the publishing (issue 26): each due post is claimed
// by one of them, and a process that dies or is restarted in the middle of a burst loses its
// claims when their leases end, without a post published twice or lost. PostgreSQL only: SQLite
// runs one process (tests/integration/publishing-crash.test.ts covers its crash).

const PLATFORMS = ['twitter', 'linkedin'] as const;
const ENV = {
  // A killed process's posts are taken over 3 s after its lease ends; a lost answer is trusted
  // as "absent" a moment after the sandbox's listing delay.
  PUBLISH_LEASE_MS: '3000',
  PUBLISH_REQUEST_TIMEOUT_MS: '3000',
  PUBLISH_RETRY_BASE_MS: '200',
  LOG_LEVEL: 'warn',
};

let sandbox: RunningSandbox;
const servers: RunningServer[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0, listDelayMs: 1000 });
  await control(sandbox, '/settings', { rateLimits: false });
});

afterAll(async () => {
  for (const server of servers) await server.stop('SIGKILL');
  await releaseServerDatabases();
  await sandbox?.close();
});

function report(outcome: BurstOutcome): string {
  const workers = [...outcome.attemptsByWorker.values()].join(', ');
  return `${outcome.posted}/${outcome.posts} posted, attempts per process: ${workers}; failures: ${outcome.failures.slice(0, 5).join(' | ')}`;
}

function expectExactlyOnce(outcome: BurstOutcome, posts: number): void {
  expect(outcome.posts, report(outcome)).toBe(posts);
  expect(outcome.twice, report(outcome)).toBe(0);
  expect(outcome.lost, report(outcome)).toBe(0);
  expect(outcome.failedButPublic, report(outcome)).toBe(0);
  expect(outcome.postedButAbsent, report(outcome)).toBe(0);
  expect(outcome.claimed, report(outcome)).toBe(0);
  expect(outcome.posted, report(outcome)).toBe(posts);
}

describe.runIf(testsUsePostgres())(
  'publishing with several processes on one PostgreSQL',
  { timeout: 300_000 },
  () => {
    it('publishes 600 posts over 20 accounts due in one second exactly once, the work spread over the processes', async () => {
      const processes = await startProcesses(3, { ...ENV, SANDBOX_URL: sandbox.url });
      servers.push(...processes);
      const burst = await seedBurst(processes[0] as RunningServer, {
        users: 10,
        platforms: PLATFORMS,
        posts: 600,
        leadMs: 3000,
        tag: 'spread',
      });
      await waitUntilSettled(processes[0] as RunningServer, 120_000);
      const outcome = await burstOutcome(sandbox, processes[0] as RunningServer, burst);
      expectExactlyOnce(outcome, 600);
      expect(outcome.attemptsByWorker.size, report(outcome)).toBeGreaterThan(1);
      for (const server of processes.splice(0)) await server.stop();
      servers.length = 0;
    });

    it('loses nothing and publishes nothing twice when one of three processes is killed -9 in the middle of a burst', async () => {
      const processes = await startProcesses(3, { ...ENV, SANDBOX_URL: sandbox.url });
      servers.push(...processes);
      const burst = await seedBurst(processes[0] as RunningServer, {
        users: 10,
        platforms: PLATFORMS,
        posts: 600,
        leadMs: 3000,
        tag: 'killed',
      });
      // The kill lands as the sandbox records the burst's 100th post: the victim holds claims on
      // posts it has sent, posts whose requests are on their way, and posts it has not sent yet.
      const victim = processes[1] as RunningServer;
      const published = sandbox.state.posts;
      const record = published.push.bind(published);
      let seen = 0;
      published.push = (...items) => {
        seen += items.filter((item) => burst.expected.has(item.text)).length;
        if (seen >= 100 && victim.process.exitCode === null && !victim.process.killed)
          victim.process.kill('SIGKILL');
        return record(...items);
      };
      try {
        await waitUntilSettled(processes[0] as RunningServer, 120_000);
      } finally {
        published.push = record;
      }
      expect(victim.process.killed).toBe(true);
      const outcome = await burstOutcome(sandbox, processes[0] as RunningServer, burst);
      expectExactlyOnce(outcome, 600);
      for (const server of processes.splice(0)) await server.stop('SIGKILL');
      servers.length = 0;
    });

    it('publishes every post once while two processes are restarted one after the other during a burst', async () => {
      // The default two-minute lease: a stopping process hands back what it had not sent, so the
      // burst does not wait for its leases to end.
      const rolling = { ...ENV, PUBLISH_LEASE_MS: '120000', SANDBOX_URL: sandbox.url };
      const processes = await startProcesses(2, rolling);
      servers.push(...processes);
      const burst = await seedBurst(processes[0] as RunningServer, {
        users: 10,
        platforms: PLATFORMS,
        posts: 300,
        leadMs: 2000,
        tag: 'rolling',
      });
      // Spread over four seconds, so the restarts land in the middle of the burst.
      const db = openServerDatabase(processes[0] as RunningServer);
      try {
        await sql`update scheduled_posts set scheduled_at = ${burst.dueAt}::bigint + (abs(hashtext(id)) % 8) * 500
        where status = 'scheduled'`.execute(db);
      } finally {
        await db.destroy();
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, burst.dueAt - Date.now() + 300)));
      // A rolling upgrade: each old process stops (SIGTERM) and a new one takes its place.
      for (const index of [0, 1]) {
        const old = processes[index] as RunningServer;
        await old.stop('SIGTERM');
        const fresh = await startAnother(old, rolling);
        processes[index] = fresh;
        servers.push(fresh);
      }
      await waitUntilSettled(processes[0] as RunningServer, 60_000);
      const outcome = await burstOutcome(sandbox, processes[0] as RunningServer, burst);
      expectExactlyOnce(outcome, 300);
    });
  },
);
