import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { listRequests } from '../../server/sandbox/sandbox-state.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import { startProcesses } from '../support/cluster.js';
import { connectSandboxAccount, createConfirmedUser } from '../support/http-user.js';
import { openServerDatabase, type RunningServer, releaseServerDatabases } from '../support/spawn-server.js';
import { testsUsePostgres } from '../support/test-database-kind.js';

// Timed jobs with several processes on one PostgreSQL (issue 26): each tick runs once for the
// install, not once per process, and a tick whose process dies is finished by another. The
// analytics collection runs every 3 seconds here. PostgreSQL only: SQLite runs one process.

const EVERY_3_SECONDS = '*/3 * * * * *';
let sandbox: RunningSandbox;
let processes: RunningServer[] = [];

beforeAll(async () => {
  if (!testsUsePostgres()) return;
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  await control(sandbox, '/settings', { rateLimits: false });
});

afterAll(async () => {
  for (const server of processes) await server.stop('SIGKILL');
  await releaseServerDatabases();
  await sandbox?.close();
});

/** How many times the sandbox was asked for X's account numbers (one per collection here). */
function accountReads(): number {
  return listRequests(sandbox.state).filter((request) => request.path.endsWith('/2/users/me')).length;
}

async function analyticsTicks(server: RunningServer) {
  const db = openServerDatabase(server);
  try {
    return await db
      .selectFrom('jobTicks')
      .selectAll()
      .where('name', '=', 'analytics')
      .orderBy('tickAt')
      .execute();
  } finally {
    await db.destroy();
  }
}

async function workerPids(server: RunningServer): Promise<Map<string, number>> {
  const db = openServerDatabase(server);
  try {
    const rows = await db.selectFrom('workers').select(['id', 'pid']).execute();
    return new Map(rows.map((row) => [row.id, row.pid]));
  } finally {
    await db.destroy();
  }
}

describe.runIf(testsUsePostgres())(
  'timed jobs with several processes on one PostgreSQL',
  { timeout: 180_000 },
  () => {
    it('three processes collect analytics once per tick between them', async () => {
      processes = await startProcesses(3, { SANDBOX_URL: sandbox.url, ANALYTICS_SCHEDULE: EVERY_3_SECONDS });
      const user = await createConfirmedUser(processes[0] as RunningServer, 'ticks@postloom.test');
      await connectSandboxAccount((processes[0] as RunningServer).url, user.token, 'twitter');
      const readsBefore = accountReads();
      // A tick starting from here finds the account (earlier ones had nothing to read).
      const connectedAt = Date.now() + 1;
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const readsDuring = accountReads() - readsBefore;
      const ticks = await analyticsTicks(processes[0] as RunningServer);
      // Each tick's moment once in the table, whoever ran it.
      expect(new Set(ticks.map((tick) => tick.tickAt)).size).toBe(ticks.length);
      // The platform was asked once per tick since then (not three times), the last one perhaps
      // still on its way; a tick that started just before may have read too.
      const since = ticks.filter((tick) => tick.tickAt >= connectedAt);
      const finished = since.filter((tick) => tick.finishedAt !== null);
      expect(finished.length).toBeGreaterThanOrEqual(2);
      expect(readsDuring).toBeGreaterThanOrEqual(finished.length);
      expect(readsDuring).toBeLessThanOrEqual(since.length + 1);
      for (const server of processes.splice(0)) await server.stop();
    });

    it('finishes a tick on another process when the one running it is killed -9', async () => {
      processes = await startProcesses(2, {
        SANDBOX_URL: sandbox.url,
        ANALYTICS_SCHEDULE: EVERY_3_SECONDS,
        JOB_LEASE_MS: '2000',
      });
      const user = await createConfirmedUser(processes[0] as RunningServer, 'takeover@postloom.test');
      await connectSandboxAccount((processes[0] as RunningServer).url, user.token, 'twitter');
      // The next collection hangs on X for 20 s: the process running it is killed meanwhile.
      await control(sandbox, '/faults', {
        pathSuffix: '/2/users/me',
        kind: 'delay',
        delayMs: 20_000,
        times: 1,
      });
      const readsBefore = accountReads();
      let hung: { tickAt: number; owner: string } | undefined;
      const deadline = Date.now() + 20_000;
      while (!hung && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        // Running, and already asking X (the delayed request is in the sandbox's log).
        if (accountReads() === readsBefore) continue;
        hung = (await analyticsTicks(processes[0] as RunningServer)).find((tick) => tick.finishedAt === null);
      }
      expect(hung).toBeDefined();
      const pids = await workerPids(processes[0] as RunningServer);
      const victim = processes.find(
        (server) => server.process.pid === pids.get(hung?.owner ?? ''),
      ) as RunningServer;
      expect(victim).toBeDefined();
      await victim.stop('SIGKILL');
      const survivor = processes.find((server) => server !== victim) as RunningServer;
      // Its lease runs out 2 s after the kill; the survivor takes the tick over and finishes it.
      let taken: Awaited<ReturnType<typeof analyticsTicks>>[number] | undefined;
      const finishBy = Date.now() + 20_000;
      while (Date.now() < finishBy) {
        taken = (await analyticsTicks(survivor)).find((tick) => tick.tickAt === hung?.tickAt);
        if (taken?.finishedAt) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(taken?.finishedAt).not.toBeNull();
      expect(taken?.owner).not.toBe(hung?.owner);
    });
  },
);
