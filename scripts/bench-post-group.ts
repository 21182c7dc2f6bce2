/**
 * `npm run bench:post-group [-- --runs 200 --posts 20000]`
 * Starts the real server on a fresh database whose user has six accounts (X, two Facebook Pages,
 * Instagram, LinkedIn, Threads) and `posts` posts already, then times `POST /api/post-groups`
 * creating a six-account group (scheduled, one shared image, a customised X thread), `runs`
 * times, each with its own text, over HTTP on loopback, against a bare `GET /api/health` in the
 * same run. Prints p50/p95 of both; the target is under 50 ms.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { databaseFile, migrateToLatest, openDatabase } from '../server/db/database.js';
import { startServer } from '../tests/support/spawn-server.js';
import { numberOption } from './bench-args.js';
import { percentile, timeRequests, timingRow } from './bench-requests.js';

const RUNS = numberOption('runs', 200);
const POSTS = numberOption('posts', 20_000);
const DAY = 86_400_000;
const ACCOUNTS = ['twitter', 'facebook', 'facebook', 'instagram', 'linkedin', 'threads'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-bench-group-'));
const now = Date.now();
const db = openDatabase({ file: databaseFile(dataDir) });
await migrateToLatest(db);
await db.destroy();

const sqlite = new Database(databaseFile(dataDir));
sqlite.pragma('journal_mode = WAL');
const accountIds = ACCOUNTS.map((platform, index) => `bench-${platform}-${index}`);
sqlite.transaction(() => {
  sqlite
    .prepare(
      `INSERT INTO users (id, email, password_hash, email_confirmed_at, google_sub, timezone, language, time_format, setup_complete, created_at, updated_at)
       VALUES ('bench-me', 'bench@postloom.test', NULL, ?, NULL, 'Europe/Berlin', 'en', '24h', 1, ?, ?)`,
    )
    .run(now, now, now);
  const insertAccount = sqlite.prepare(
    `INSERT INTO social_accounts (id, user_id, platform, platform_account_id, account_name, access_token, status, is_sandbox, metadata, created_at, updated_at)
     VALUES (?, 'bench-me', ?, ?, ?, 'x', 'active', 1, '{}', ?, ?)`,
  );
  ACCOUNTS.forEach((platform, index) => {
    insertAccount.run(accountIds[index], platform, accountIds[index], platform, now, now);
  });
  const insertPost = sqlite.prepare(
    `INSERT INTO scheduled_posts (id, user_id, social_account_id, platform, content, status, is_draft, scheduled_at, post_type, media, metadata, created_at, updated_at)
     VALUES (?, 'bench-me', ?, ?, ?, 'scheduled', 0, ?, 'normal', '[]', '{}', ?, ?)`,
  );
  for (let i = 0; i < POSTS; i++) {
    const index = i % ACCOUNTS.length;
    const at = now + DAY + (i % 365) * DAY;
    insertPost.run(`old-${i}`, accountIds[index], ACCOUNTS[index], `Earlier post ${i}`, at, now, now);
  }
})();
const token = crypto.randomBytes(32).toString('base64url');
sqlite
  .prepare(
    `INSERT INTO sessions (id, user_id, expires_at, remember, kind, last_used_at, created_at) VALUES (?, 'bench-me', ?, 1, 'token', ?, ?)`,
  )
  .run(crypto.createHash('sha256').update(token).digest('hex'), now + DAY, now, now);
sqlite.close();

const server = await startServer({
  DATA_DIR: dataDir,
  SCHEDULER: 'off',
  LOG_LEVEL: 'error',
  SANDBOX_URL: 'http://127.0.0.1:9',
});
try {
  const headers = { authorization: `Bearer ${token}` };
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const uploaded = await fetch(`${server.url}/api/media`, { method: 'POST', headers, body: form });
  if (!uploaded.ok) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const { media } = (await uploaded.json()) as { media: { id: string } };

  const create = async (i: number) => {
    const res = await fetch(`${server.url}/api/post-groups`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        accountIds,
        shared: { content: `Group ${i}: one text for six accounts`, media: [media.id] },
        versions: [
          {
            platform: 'twitter',
            customized: true,
            tweets: [{ content: `Thread ${i}, part one`, media: [media.id] }, { content: 'Part two' }],
          },
        ],
        action: 'schedule',
        scheduledAt: new Date(now + 2 * DAY + i * 60_000).toISOString(),
      }),
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`post-groups answered ${res.status}: ${body}`);
  };
  for (let i = 0; i < 20; i++) await create(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await create(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const health = await timeRequests(`${server.url}/api/health`, RUNS);
  console.log(
    `\nCreating a six-account group (${POSTS.toLocaleString('en-US')} posts already), ${RUNS} runs`,
  );
  console.log('| request | p50 | p95 |');
  console.log('| --- | --- | --- |');
  console.log(timingRow('POST /api/post-groups (6 accounts)', samples));
  console.log(timingRow('GET /api/health (bare)', health));
  const target = 50;
  console.log(`\np50 ${percentile(samples, 50) < target ? 'meets' : 'misses'} the ${target} ms target.`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
