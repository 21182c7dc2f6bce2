/**
 * `npm run bench:publish [-- --posts 2000 --users 20]`
 * Starts the sandbox and the real server, schedules N text posts due in the same second
 * across many accounts (X, Facebook Pages, LinkedIn, Threads), and prints the lateness from
 * the scheduled time to the sandbox publishing each post (p50/p95/p99/max), the throughput
 * and the server's peak memory.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startSandbox } from '../server/sandbox/sandbox-server.js';
import { control } from '../server/sandbox/sandbox-testing.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../tests/support/http-user.js';
import { startServer } from '../tests/support/spawn-server.js';

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
const PLATFORMS = (process.env.BENCH_PLATFORMS ?? 'twitter,facebook,linkedin,threads').split(',');

// The server runs with the same Node flags as `npm start`.
process.env.POSTLOOM_SERVER_NODE_ARGS ??= '--max-semi-space-size=64';

const sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
// The bench measures Postloom, not the platforms' daily caps.
await control(sandbox, '/settings', { rateLimits: false });
const server = await startServer({
  SANDBOX_URL: sandbox.url,
  LOG_LEVEL: 'error',
  RATE_LIMIT_AUTH_PER_MINUTE: '100000',
});
const dbFile = path.join(server.dataDir, 'postloom.sqlite');

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

  // Stay quiet while the burst goes out: reading the published list costs the sandbox CPU.
  await new Promise((resolve) => setTimeout(resolve, dueAt + 3000 - Date.now()));
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
  const byHost = new Map<string, number[]>();
  for (const r of creates) {
    const host = r.path.split('/')[1] ?? '';
    byHost.set(host, [...(byHost.get(host) ?? []), Date.parse(r.time) - dueAt]);
  }
  const pct = (q: number) =>
    lateness[Math.min(lateness.length - 1, Math.ceil(q * lateness.length) - 1)] ?? NaN;
  const last = lateness.at(-1) ?? 0;
  const peakKb = peakMemoryKb(server.process.pid);
  const db = new Database(dbFile, { readonly: true });
  const statuses = db.prepare('select status, count(*) as n from scheduled_posts group by status').all();
  db.close();

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
  console.log(`  server peak RSS  ${peakKb ? `${Math.round(peakKb / 1024)} MB` : 'unknown'}`);
  console.log(`  post statuses    ${JSON.stringify(statuses)}`);
  if (published.length < POSTS) process.exitCode = 1;
} finally {
  await server.stop();
  await sandbox.close();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

function peakMemoryKb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  } catch {
    return null;
  }
}
