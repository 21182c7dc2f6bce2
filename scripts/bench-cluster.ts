/**
 * `npm run bench:cluster -- --processes 1|2|3 [--posts 2000] [--users 20] [--kill]`
 * Several Postloom processes (ROLE=all, built as `npm start` builds the server) on one
 * PostgreSQL (DATABASE_URL, an empty database; unset: a private cluster for the run) publish a
 * burst of N text posts over 2 × users accounts (X and LinkedIn) due in one second, to the
 * sandbox (or an external receiver through SANDBOX_URL). It prints the lateness on the
 * receiver's clock (p50/p95/p99/max), the throughput, each process's peak RSS and share of the
 * attempts, the floor ratio as bench:publish does (with its own sandbox only), and how soon a
 * post saved "now" on one process reaches the receiver (the LISTEN/NOTIFY wake-up). `--kill`:
 * one process is killed -9 at the burst's due moment and the others take its claims over once
 * their leases (PUBLISH_LEASE_MS, 5 s here) run out.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningSandbox, startSandbox } from '../server/sandbox/sandbox-server.js';
import { listRequests } from '../server/sandbox/sandbox-state.js';
import { control } from '../server/sandbox/sandbox-testing.js';
import { burstOutcome, seedBurst, startProcesses } from '../tests/support/cluster.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../tests/support/http-user.js';
import {
  openServerDatabase,
  type RunningServer,
  TEST_SERVER_VARIABLE,
} from '../tests/support/spawn-server.js';
import { flagOption, numberOption } from './bench-args.js';
import { CREATE_PATHS, measureBestFloor, measureFloor, percentile, settleTimerShape } from './bench-floor.js';
import { mb, memoryKb, resetPeakMemory } from './bench-proc.js';
import { buildServer } from './build-server.mjs';
import { startPgCluster, stopPgCluster } from './pg-cluster.mjs';

const PROCESSES = numberOption('processes', 2);
const POSTS = numberOption('posts', 2000);
const USERS = numberOption('users', 20);
const KILL = flagOption('kill');
const LEAD_MS = 10_000;
const WAKE_SAMPLES = 20;

process.env[TEST_SERVER_VARIABLE] ??= await buildServer(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '..',
    'node_modules',
    '.cache',
    'postloom-bench-server',
  ),
);
const cluster = process.env.DATABASE_URL ? null : await startPgCluster();
const databaseUrl = process.env.DATABASE_URL ?? (cluster?.url as string);
const external = process.env.SANDBOX_URL;
if (external && !process.env.SANDBOX_CONTROL_SECRET) {
  console.error(
    'With SANDBOX_URL, set SANDBOX_CONTROL_SECRET to the one `npm run sandbox` was started with.',
  );
  process.exit(1);
}
settleTimerShape();
const sandbox: RunningSandbox | null = external
  ? null
  : await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
/** The receiver's control API: this run's sandbox, or the external one's. */
const handle = sandbox ?? {
  url: external as string,
  controlSecret: process.env.SANDBOX_CONTROL_SECRET as string,
};
await control(handle, '/settings', { rateLimits: false });
const receiver = handle.url;

const processes = await startProcesses(PROCESSES, {
  DATABASE_URL: databaseUrl,
  SANDBOX_URL: receiver,
  LOG_LEVEL: 'error',
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
  ...(KILL ? { PUBLISH_LEASE_MS: '5000' } : {}),
});
const loadAtStart = os.loadavg()[0] ?? 0;
try {
  const first = processes[0] as RunningServer;
  console.log(
    `${PROCESSES} process(es) on PostgreSQL, receiver ${receiver}: ${USERS} users, ${POSTS} posts${KILL ? ', one process killed -9 at the due moment' : ''}`,
  );
  // An account of its own for the wake-up samples after the burst.
  const waker = await createConfirmedUser(first, 'wake@postloom.test');
  const [wakeId] = await connectSandboxAccount(first.url, waker.token, 'twitter');
  const wakeAccount = { token: waker.token, accountId: wakeId as string };
  const created = Date.now();
  const burst = await seedBurst(first, {
    users: USERS,
    platforms: ['twitter', 'linkedin'],
    posts: POSTS,
    leadMs: LEAD_MS,
    tag: 'bench',
  });
  console.log(
    `Created ${POSTS} posts in ${Date.now() - created} ms; due at ${new Date(burst.dueAt).toISOString()}.`,
  );
  // The receiver meets the burst warm, as a platform's servers are: one round of the bare client,
  // as the posts are created first and fall due 10 s later (bench:publish, which creates them
  // after, warms it until its pace settles).
  if (sandbox) await measureFloor(sandbox, POSTS, 100);
  await sleepUntil(burst.dueAt - 6000);
  for (const server of processes) resetPeakMemory(server.process.pid);
  if (KILL) {
    await sleepUntil(burst.dueAt);
    processes.at(-1)?.process.kill('SIGKILL');
  }
  const settled = await waitForOutcomes(first, burst.dueAt + 180_000);
  const peaks = processes.map((server) => memoryKb(server.process.pid, 'VmHWM'));
  const lateness = (await receiverLog())
    .filter(
      (r) =>
        r.method === 'POST' &&
        CREATE_PATHS.some((pattern) => pattern.test(r.path)) &&
        // Nothing of the burst leaves before its moment; the warm-up's requests came earlier.
        Date.parse(r.time) >= burst.dueAt - 1000,
    )
    .map((r) => Date.parse(r.time) - burst.dueAt)
    .sort((a, b) => a - b);
  // Exactly once is checked against the sandbox's own state (this run's sandbox only).
  const outcome = sandbox ? await burstOutcome(sandbox, first, burst) : null;
  const shares = await attemptShares(first);
  // Once the burst's bookkeeping (notifications, e-mails, webhooks) is over.
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const wake = await wakeLatency(first, wakeAccount);
  const floor = sandbox ? await measureBestFloor(sandbox, POSTS) : null;

  const pct = (q: number) => percentile(lateness, q);
  const last = lateness.at(-1) ?? 0;
  console.log('\nResults');
  console.log(
    `  published        ${settled.posted} / ${POSTS}  (statuses ${JSON.stringify(settled.statuses)})`,
  );
  if (outcome) {
    console.log(
      `  exactly once     ${outcome.twice} twice, ${outcome.lost} lost, ${outcome.claimed} left claimed`,
    );
  }
  console.log(
    `  lateness         p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms, max ${last} ms`,
  );
  console.log(`  throughput       ${Math.round((lateness.length / Math.max(1, last)) * 1000)} posts/s`);
  processes.forEach((server, index) => {
    const share = shares.get(server.process.pid ?? -1) ?? 0;
    const killed = server.process.signalCode === 'SIGKILL' ? ' (killed)' : '';
    console.log(
      `  process ${index + 1}        peak RSS ${mb(peaks[index] ?? null)}, ${share} attempts${killed}`,
    );
  });
  console.log(
    `  wake-up          a post saved "now": p50 ${wake.p50} ms, p99 ${wake.p99} ms to the receiver (${WAKE_SAMPLES} posts)`,
  );
  if (floor) {
    console.log(
      `  floor            a bare client's ${POSTS} requests taken in: ${floor.best.median} ms, the median trial at ${floor.best.connections} connections (${floor.sizes.map((size) => `${size.connections}: ${size.alls.join(', ')} ms`).join('; ')})`,
    );
    console.log(
      `  p99 / floor      ${(pct(0.99) / floor.best.median).toFixed(2)} (p99 / fastest trial ${(pct(0.99) / floor.fastest.all).toFixed(2)})`,
    );
  } else {
    console.log('  floor            not measured: the receiver is external (SANDBOX_URL)');
  }
  console.log(
    `  load average     ${loadAtStart.toFixed(2)} at start, ${(os.loadavg()[0] ?? 0).toFixed(2)} at the end (${os.cpus().length} cores)`,
  );
  if (settled.posted < POSTS) process.exitCode = 1;
} finally {
  for (const server of processes) await server.stop('SIGKILL');
  await sandbox?.close();
  if (cluster) await stopPgCluster(cluster);
}

function sleepUntil(at: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
}

/** The receiver's request log, by its own clock. */
async function receiverLog(): Promise<Array<{ time: string; method: string; path: string }>> {
  const response = await control(handle, '/requests');
  return ((await response.json()) as { requests: Array<{ time: string; method: string; path: string }> })
    .requests;
}

/** Waits until no post is scheduled or publishing; answers the statuses. */
async function waitForOutcomes(server: RunningServer, deadline: number) {
  const db = openServerDatabase(server);
  try {
    for (;;) {
      const statuses = (
        await db
          .selectFrom('scheduledPosts')
          .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute()
      ).map((row) => ({ status: row.status, n: Number(row.n) }));
      const open = statuses.some((row) => row.status === 'publishing' || row.status === 'scheduled');
      if (!open || Date.now() > deadline) {
        return { statuses, posted: statuses.find((row) => row.status === 'posted')?.n ?? 0 };
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await db.destroy();
  }
}

/** Attempts per process (by pid, from the workers' rows and the attempts' claims). */
async function attemptShares(server: RunningServer): Promise<Map<number, number>> {
  const db = openServerDatabase(server);
  try {
    const workers = await db.selectFrom('workers').select(['id', 'pid']).execute();
    const attempts = await db.selectFrom('publishAttempts').select('claim').execute();
    const pidOf = new Map(workers.map((row) => [row.id, row.pid]));
    const shares = new Map<number, number>();
    for (const { claim } of attempts) {
      const pid = pidOf.get(claim?.split(':')[0] ?? '');
      if (pid) shares.set(pid, (shares.get(pid) ?? 0) + 1);
    }
    return shares;
  } finally {
    await db.destroy();
  }
}

/**
 * Posts saved due "now" one after another on the first process, for an account of their own (the
 * burst's accounts are near their posting caps): the time from just before the save to the
 * receiver taking the create request in (any process may publish it).
 */
async function wakeLatency(server: RunningServer, wake: { token: string; accountId: string }) {
  const delays: number[] = [];
  for (let index = 0; index < WAKE_SAMPLES; index += 1) {
    const content = `Wake sample ${index} ${Math.random().toString(36).slice(2, 8)}`;
    const before = Date.now();
    await apiCall(server.url, wake.token, '/api/posts', {
      socialAccountId: wake.accountId,
      content,
      action: 'schedule',
      scheduledAt: new Date(before).toISOString(),
    });
    for (let waited = 0; waited < 10_000; waited += 5) {
      const hit = (await tweetCreates()).find((r) => Date.parse(r.time) >= before);
      if (hit) {
        delays.push(Date.parse(hit.time) - before);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  delays.sort((a, b) => a - b);
  return { p50: percentile(delays, 0.5), p99: percentile(delays, 0.99), samples: delays.length };
}

/** The receiver's tweet creates (this run's sandbox: its log read in place, not over HTTP). */
async function tweetCreates(): Promise<Array<{ time: string }>> {
  const log = sandbox ? listRequests(sandbox.state) : await receiverLog();
  return log.filter((r) => r.method === 'POST' && r.path.endsWith('/2/tweets'));
}
