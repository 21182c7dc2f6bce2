/**
 * `npm run bench:publish [-- --posts 2000 --users 20]`
 * Starts the sandbox and the real server, schedules N text posts due in the same second
 * across many accounts (by default 20 users with an X and a LinkedIn account each: 40
 * accounts; BENCH_PLATFORMS=twitter,facebook,linkedin,threads for more), and prints the
 * lateness from the scheduled time to the sandbox receiving each post's create request
 * (p50/p95/p99/max, and p50 per platform host), the throughput and the server's memory (RSS
 * idle after start-up, before the burst and once it settled; the peak during the burst). A bare
 * client in its own process (scripts/bench-floor.ts) sends the sandbox as many create requests
 * over open connections before the burst until the sandbox's pace settles, so that Postloom meets
 * a warm receiver, as a platform's servers are, and again after it with a few connection counts,
 * three trials each: the time the sandbox needs to take them in (the median trial at the best
 * count; see measureBestFloor) is the floor on this machine, and the benchmark prints the ratio
 * of Postloom's p99 to it, and to the fastest single trial. The sandbox runs in this process,
 * with a young generation a burst's requests fit in, emptied before each measured run, and
 * without V8's memory reducer (the npm command's Node flags; see collectReceiverGarbage), its
 * timers' shape settled before its code is compiled (settleTimerShape). Both ends run on the
 * same two cores, so the benchmark also prints how the receiver and the sender shared them while
 * the burst's requests were taken in, and while the floor's median trial's were (watchIntake):
 * how long each main thread ran and waited for a core, and how long the other threads ran. With
 * DATABASE_URL (an empty PostgreSQL database) the server runs on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../server/sandbox/sandbox-server.js';
import { control } from '../server/sandbox/sandbox-testing.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../tests/support/http-user.js';
import {
  openServerDatabase,
  type RunningServer,
  startServer,
  TEST_SERVER_VARIABLE,
} from '../tests/support/spawn-server.js';
import { numberOption } from './bench-args.js';
import {
  CREATE_PATHS,
  collectReceiverGarbage,
  describeShare,
  measureBestFloor,
  percentile,
  settleTimerShape,
  warmUpReceiver,
  watchIntake,
} from './bench-floor.js';
import { cpuMs, mb, memoryKb, resetPeakMemory } from './bench-proc.js';
import { buildServer } from './build-server.mjs';

const POSTS = numberOption('posts', 2000);
const USERS = numberOption('users', 20);
const PLATFORMS = (process.env.BENCH_PLATFORMS ?? 'twitter,linkedin').split(',');

// The server runs as `npm start` runs it: built into one file, with the same Node flags.
process.env[TEST_SERVER_VARIABLE] ??= await buildServer(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '..',
    'node_modules',
    '.cache',
    'postloom-bench-server',
  ),
);

settleTimerShape();
const sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
// The bench measures Postloom, not the platforms' daily caps.
await control(sandbox, '/settings', { rateLimits: false });
const server = await startServer({
  SANDBOX_URL: sandbox.url,
  LOG_LEVEL: 'error',
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
});

const loadAtStart = os.loadavg()[0] ?? 0;
// Idle: started, nothing asked of it yet (the health check aside).
await new Promise((resolve) => setTimeout(resolve, 2000));
const idleAtStartKb = memoryKb(server.process.pid, 'VmRSS');

try {
  console.log(`Server ${server.url}, sandbox ${sandbox.url}: ${USERS} users, ${POSTS} posts`);
  const accounts: Array<{ token: string; accountId: string; platform: string }> = [];
  for (let u = 0; u < USERS; u += 1) {
    const { token } = await createConfirmedUser(server, `bench${u}@postloom.test`);
    for (const platform of PLATFORMS) {
      for (const id of await connectSandboxAccount(server.url, token, platform)) {
        accounts.push({ token, accountId: id, platform });
      }
    }
  }
  console.log(`Connected ${accounts.length} accounts.`);
  // The receiver runs the burst's code paths until its pace settles, as a platform's servers are
  // always warm: the floor trials after the burst meet it warm, and so does the burst.
  const warmUp = await warmUpReceiver(sandbox, POSTS);
  console.log(
    `Warmed the receiver up with ${warmUp.length} rounds of ${POSTS} requests from the bare client (${warmUp.join(', ')} ms).`,
  );

  // Idle again, the accounts connected, before the posts of the burst are created.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const beforeCreatedKb = memoryKb(server.process.pid, 'VmRSS');
  const creationStart = Date.now();
  // Leave time to create every post before they fall due (about 4 ms a post here).
  const dueAt = Math.ceil((creationStart + 15_000 + POSTS * 6) / 1000) * 1000;
  const texts = new Map<string, number>();
  for (let i = 0; i < POSTS; i += 1) {
    const account = accounts[i % accounts.length]!;
    // Plain words only: LinkedIn escapes reserved characters in the text it stores.
    const content = `Bench post ${i} ${Math.random().toString(36).slice(2, 8)}`;
    texts.set(content, i);
    await apiCall(server.url, account.token, '/api/posts', {
      socialAccountId: account.accountId,
      content,
      media: [],
      action: 'schedule',
      scheduledAt: new Date(dueAt).toISOString(),
    });
  }
  const created = Date.now();
  if (created >= dueAt) throw new Error('Creating the posts took longer than planned; lower --posts.');
  console.log(
    `Created ${POSTS} posts in ${created - creationStart} ms; due at ${new Date(dueAt).toISOString()}.`,
  );

  // The peak is counted from just before the engine claims and prepares the burst (5 s ahead).
  await new Promise((resolve) => setTimeout(resolve, dueAt - 6000 - Date.now()));
  resetPeakMemory(server.process.pid);
  // The floor's trials start with the receiver's young generation empty: so does the burst.
  await new Promise((resolve) => setTimeout(resolve, dueAt - 1000 - Date.now()));
  collectReceiverGarbage();
  // Stay quiet while the burst goes out: reading the published list costs the sandbox CPU.
  await new Promise((resolve) => setTimeout(resolve, dueAt - 200 - Date.now()));
  const intake = watchIntake(sandbox, POSTS, { senderPid: server.process.pid });
  const cpuBefore = cpuMs(server.process.pid);
  await new Promise((resolve) => setTimeout(resolve, dueAt + 3000 - Date.now()));
  const serverCpuMs = (cpuMs(server.process.pid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  const deadline = dueAt + 120_000;
  let published: Array<{ text: string; createdAt: string | number }> = [];
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const body = (await (await control(sandbox, '/published')).json()) as {
      posts: typeof published;
    };
    published = body.posts.filter((p) => texts.has(p.text));
    if (published.length >= POSTS) break;
  }
  // Lateness = arrival of each post's create request at the sandbox (its request log) minus
  // the due time: tweets, LinkedIn posts, Page feed posts and Threads containers.
  const log = (await (await control(sandbox, '/requests')).json()) as {
    requests: Array<{ time: string; method: string; path: string }>;
  };
  const creates = log.requests.filter(
    (r) =>
      r.method === 'POST' &&
      CREATE_PATHS.some((pattern) => pattern.test(r.path)) &&
      Date.parse(r.time) > dueAt - 10_000,
  );
  const lateness = creates.map((r) => Date.parse(r.time) - dueAt).sort((a, b) => a - b);
  const loadAfterBurst = os.loadavg()[0] ?? 0;
  const byHost = new Map<string, number[]>();
  for (const r of creates) {
    const host = r.path.split('/')[1] ?? '';
    byHost.set(host, [...(byHost.get(host) ?? []), Date.parse(r.time) - dueAt]);
  }
  const pct = (q: number) => percentile(lateness, q);
  const last = lateness.at(-1) ?? 0;
  const statuses = await settledStatuses(server);
  const peakKb = memoryKb(server.process.pid, 'VmHWM');
  // Settled: every outcome recorded, the burst's connections closed (WARM_TTL_MS, IDLE_TTL_MS).
  await new Promise((resolve) => setTimeout(resolve, 25_000));
  const settledKb = memoryKb(server.process.pid, 'VmRSS');
  const floor = await measureBestFloor(sandbox, POSTS);

  console.log('\nResults');
  console.log(`  published        ${published.length} / ${POSTS}`);
  console.log(`  create requests  ${lateness.length}`);
  console.log(`  lateness min     ${lateness[0]} ms`);
  console.log(`  lateness p50     ${pct(0.5)} ms`);
  console.log(`  lateness p95     ${pct(0.95)} ms`);
  console.log(`  lateness p99     ${pct(0.99)} ms`);
  console.log(`  lateness max     ${last} ms`);
  for (const [host, values] of byHost) {
    values.sort((a, b) => a - b);
    console.log(
      `    ${host.padEnd(22)} n=${values.length} p50=${values[Math.floor(values.length / 2)]} max=${values.at(-1)} ms`,
    );
  }
  console.log(`  throughput       ${Math.round((published.length / Math.max(1, last)) * 1000)} posts/s`);
  console.log(`  server CPU       ${serverCpuMs} ms from 0.2 s before the due moment to 3 s after`);
  console.log(`  server peak RSS  ${mb(peakKb)} during the burst (from 6 s before its moment until settled)`);
  console.log(
    `  server idle RSS  ${mb(idleAtStartKb)} after start-up, ${mb(beforeCreatedKb)} before the burst was created, ${mb(settledKb)} 25 s after it settled`,
  );
  console.log(`  post statuses    ${JSON.stringify(statuses)}`);
  for (const size of floor.sizes) {
    console.log(
      `  floor trials     ${String(size.connections).padStart(4)} connections: ${size.alls.join(', ')} ms (median ${size.median} ms)`,
    );
  }
  console.log(
    `  floor            a bare client's ${POSTS} requests taken in: ${floor.best.median} ms (the median at its best connection count, ${floor.best.connections}); fastest single trial ${floor.fastest.all} ms`,
  );
  console.log(
    `  p99 / floor      ${(pct(0.99) / floor.best.median).toFixed(2)} (p99 / fastest single trial ${(pct(0.99) / floor.fastest.all).toFixed(2)})`,
  );
  const burstCores = await intake;
  console.log(
    `  cores, burst     from its first request taken in to its last (${burstCores?.ms ?? '?'} ms): the receiver's main thread ${describeShare(burstCores?.receiver)}; Postloom's ${describeShare(burstCores?.sender)}`,
  );
  console.log(
    `  cores, floor     its median trial (${floor.bestTrial?.all ?? '?'} ms): the receiver's main thread ${describeShare(floor.bestTrial?.receiver)}; the bare client's ${describeShare(floor.bestTrial?.client)}`,
  );
  console.log(
    `  load average     ${loadAtStart.toFixed(2)} at start, ${loadAfterBurst.toFixed(2)} after the burst (${os.cpus().length} cores)`,
  );
  if (published.length < POSTS) process.exitCode = 1;
} finally {
  await server.stop();
  await sandbox.close();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

/** Waits until the server has recorded every post's outcome, so it is idle for the floor run. */
async function settledStatuses(server: RunningServer) {
  for (let waited = 0; waited < 60_000; waited += 500) {
    const db = openServerDatabase(server);
    const statuses = (
      await db
        .selectFrom('scheduledPosts')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute()
    ).map((row) => ({ status: row.status, n: Number(row.n) }));
    await db.destroy();
    if (!statuses.some((row) => row.status === 'publishing' || row.status === 'scheduled')) return statuses;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The server did not finish recording the outcomes within a minute.');
}
