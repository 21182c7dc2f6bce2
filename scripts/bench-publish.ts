/**
 * `npm run bench:publish [-- --posts 2000 --users 20]`
 * Starts the sandbox and the real server, schedules N text posts due in the same second
 * across many accounts (by default 20 users with an X and a LinkedIn account each: 40
 * accounts; BENCH_PLATFORMS=twitter,facebook,linkedin,threads for more), and prints the
 * lateness from the scheduled time to the sandbox receiving each post's create request
 * (p50/p95/p99/max, and p50 per platform host), the throughput and the server's memory (RSS
 * idle after start-up, before the burst and once it settled; the peak during the burst). Then a
 * bare client in its own process sends the sandbox as many create requests over open
 * connections, with a few connection counts: the time the sandbox needs to take them in (the
 * fastest trial) is the floor on this machine, and the benchmark prints the ratio of Postloom's
 * p99 to it. With DATABASE_URL (an empty PostgreSQL database) the server runs on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LINKEDIN_VERSION } from '../server/platforms/linkedin-api.js';
import { type RunningSandbox, startSandbox } from '../server/sandbox/sandbox-server.js';
import { control } from '../server/sandbox/sandbox-testing.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../tests/support/http-user.js';
import {
  openServerDatabase,
  type RunningServer,
  startServer,
  TEST_SERVER_VARIABLE,
} from '../tests/support/spawn-server.js';
import { cpuMs, mb, memoryKb, resetPeakMemory } from './bench-proc.js';
import { buildServer } from './build-server.mjs';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const POSTS = arg('posts', 2000);
const USERS = arg('users', 20);
const CREATE_PATHS = [
  /^\/api\.x\.com\/2\/tweets$/,
  /^\/api\.linkedin\.com\/rest\/posts$/,
  /^\/graph\.facebook\.com\/v[\d.]+\/\d+\/feed$/,
  /^\/graph\.threads\.net\/v[\d.]+\/\d+\/threads$/,
];
const PLATFORMS = (process.env.BENCH_PLATFORMS ?? 'twitter,linkedin').split(',');

// The server runs as `npm start` runs it: built into one file, with no Node flags.
process.env[TEST_SERVER_VARIABLE] ??= await buildServer(
  path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '..',
    'node_modules',
    '.cache',
    'postloom-bench-server',
  ),
);

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
  // Stay quiet while the burst goes out: reading the published list costs the sandbox CPU.
  await new Promise((resolve) => setTimeout(resolve, dueAt - 200 - Date.now()));
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
  // The fastest of a few connection counts: one per request, as Postloom opens them, and fewer
  // connections each carrying several requests in turn.
  const floors = [];
  for (const connections of [POSTS, 500, 100]) floors.push(await measureFloor(sandbox, POSTS, connections));
  const floor = floors.reduce((best, next) => (next.all < best.all ? next : best));

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
  for (const trial of floors) {
    console.log(
      `  floor trial      ${String(trial.connections).padStart(4)} connections: ${trial.count} requests taken in, p99 ${trial.p99} ms, all ${trial.all} ms (first ${Math.min(trial.connections, POSTS)} written in ${trial.writtenMs} ms)`,
    );
  }
  console.log(
    `  floor            a bare client's ${floor.count} requests taken in: p99 ${floor.p99} ms, all ${floor.all} ms (best of the trials: ${floor.connections} connections)`,
  );
  console.log(
    `  p99 / floor      ${(pct(0.99) / floor.all).toFixed(2)} (p99 / floor p99 ${(pct(0.99) / floor.p99).toFixed(2)})`,
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

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
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

/**
 * The floor: `count` create requests like the burst's (tweets and LinkedIn posts, alternately,
 * with the connected accounts' tokens), written at once over open connections by a bare
 * client in its own process; how long until the sandbox had taken them in (its request log).
 */
async function measureFloor(sandbox: RunningSandbox, count: number, connections: number) {
  const tokens = [...sandbox.state.tokens.values()].filter(
    (record) => record.kind === 'access' && !record.revoked && record.expiresAt !== null,
  );
  const x = tokens.find((record) => record.platform === 'twitter' && record.scopes.includes('tweet.write'));
  const linkedin = tokens.find((record) => record.platform === 'linkedin');
  const port = Number(new URL(sandbox.url).port);
  const host = `localhost:${port}`;
  const requests = Array.from({ length: count }, (_, index) => {
    const useX = x && (index % 2 === 0 || !linkedin);
    const record = useX ? x : linkedin;
    if (!record) throw new Error('No connected X or LinkedIn account to take a token from.');
    const text = `Floor post ${index} ${Math.random().toString(36).slice(2, 8)}`;
    const body = useX
      ? JSON.stringify({ text })
      : JSON.stringify({
          author: `urn:li:person:${record.accountId}`,
          commentary: text,
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        });
    const target = useX ? '/api.x.com/2/tweets' : '/api.linkedin.com/rest/posts';
    const extra = useX ? '' : `linkedin-version: ${LINKEDIN_VERSION}\r\nx-restli-protocol-version: 2.0.0\r\n`;
    return `POST ${target} HTTP/1.1\r\nhost: ${host}\r\nauthorization: Bearer ${record.token}\r\ncontent-type: application/json\r\n${extra}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  });
  const file = path.join(os.tmpdir(), `postloom-floor-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify({ host: '127.0.0.1', port, connections, requests }));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      path.join(path.dirname(new URL(import.meta.url).pathname), 'bench-floor-client.mjs'),
      file,
    ]);
    const run = JSON.parse(stdout) as { startedAt: number; writtenMs: number };
    const log = (await (await control(sandbox, '/requests')).json()) as {
      requests: Array<{ time: string; method: string; path: string }>;
    };
    const arrivals = log.requests
      .filter(
        (r) =>
          r.method === 'POST' &&
          Date.parse(r.time) >= run.startedAt &&
          CREATE_PATHS.some((p) => p.test(r.path)),
      )
      .map((r) => Date.parse(r.time) - run.startedAt)
      .sort((a, b) => a - b);
    // Let the sandbox settle before the next trial.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return {
      connections,
      count: arrivals.length,
      p99: percentile(arrivals, 0.99),
      all: arrivals.at(-1) ?? Number.NaN,
      writtenMs: run.writtenMs,
    };
  } finally {
    fs.rmSync(file, { force: true });
  }
}
