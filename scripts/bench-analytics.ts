/**
 * `npm run bench:analytics [-- --posts 20000 --days 730 --runs 200]`
 * Fills a fresh database with one user's 6 accounts, `days` days of daily account snapshots and
 * `posts` published posts with metrics (over the same days), plus other users' data, starts the
 * real server on it and times `GET /api/analytics` over HTTP on loopback for the default range
 * (the last 7 days), 90 days and the whole two years, next to a bare `GET /api/health`. With
 * DATABASE_URL (an empty PostgreSQL database) the same data is copied there and measured too.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile, migrateToLatest, openDatabase } from '../server/db/database.js';
import { startServer } from '../tests/support/spawn-server.js';
import { numberOption } from './bench-args.js';
import { benchDatabases, timingTable } from './bench-databases.js';
import { percentile, timeRequests } from './bench-requests.js';

const POSTS = numberOption('posts', 20_000);
const DAYS = numberOption('days', 730);
const RUNS = numberOption('runs', 200);
const OTHER_USERS = 20;
const DAY = 86_400_000;
const platforms = ['twitter', 'linkedin', 'facebook', 'instagram', 'threads', 'tiktok'];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-bench-analytics-'));
const now = Date.now();
const start = now - DAYS * DAY;

const db = openDatabase({ file: databaseFile(dataDir) });
await migrateToLatest(db);
await db.destroy();

const sqlite = new Database(databaseFile(dataDir));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = OFF');
const insertUser = sqlite.prepare(
  `INSERT INTO users (id, email, password_hash, email_confirmed_at, google_sub, timezone, language, time_format, setup_complete, created_at, updated_at)
   VALUES (?, ?, NULL, ?, NULL, 'Europe/Berlin', 'en', '24h', 1, ?, ?)`,
);
const insertAccount = sqlite.prepare(
  `INSERT INTO social_accounts (id, user_id, platform, platform_account_id, account_name, access_token, status, is_sandbox, metadata, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, 'x', 'active', 1, '{}', ?, ?)`,
);
const insertPost = sqlite.prepare(
  `INSERT INTO scheduled_posts (id, user_id, social_account_id, platform, content, status, is_draft, scheduled_at, posted_at, post_type, media, metadata, platform_post_id, platform_post_url, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, 'posted', 0, ?, ?, 'normal', '[]', '{}', ?, ?, ?, ?)`,
);
const insertMetrics = sqlite.prepare(
  `INSERT INTO post_metrics (post_id, user_id, social_account_id, platform, posted_at, likes, comments, shares, views, engagement, read_at, next_read_at)
   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)`,
);
const insertSnapshot = sqlite.prepare(
  `INSERT INTO account_metrics_daily (social_account_id, user_id, platform, day, followers, read_at) VALUES (?, ?, ?, ?, ?, ?)`,
);
const users = ['bench-me', ...Array.from({ length: OTHER_USERS }, (_, i) => `bench-${i}`)];
const started = performance.now();
let n = 0;
sqlite.transaction(() => {
  for (const user of users) {
    insertUser.run(user, `${user}@postloom.test`, now, now, now);
    for (const platform of platforms) {
      const account = `${user}-${platform}`;
      insertAccount.run(account, user, platform, account, platform, now, now);
      if (platform === 'tiktok') continue;
      for (let d = 0; d < DAYS; d++) {
        const at = start + d * DAY;
        insertSnapshot.run(
          account,
          user,
          platform,
          new Date(at).toISOString().slice(0, 10),
          1000 + d * 3,
          at,
        );
      }
    }
    const count = user === 'bench-me' ? POSTS : POSTS / 4;
    for (let i = 0; i < count; i++) {
      const platform = platforms[i % 5]!;
      const at = start + Math.floor((i / count) * DAYS * DAY);
      const id = `p${n++}`;
      insertPost.run(
        id,
        user,
        `${user}-${platform}`,
        platform,
        `Post ${i} with some text`,
        at,
        at,
        `pp${id}`,
        `https://example.com/${id}`,
        at,
        at,
      );
      const likes = (i * 7) % 50;
      const comments = (i * 3) % 9;
      const shares = i % 5;
      insertMetrics.run(
        id,
        user,
        `${user}-${platform}`,
        platform,
        at,
        likes,
        comments,
        shares,
        likes * 20,
        likes + comments + shares,
        at + DAY,
      );
    }
  }
})();
const token = crypto.randomBytes(32).toString('base64url');
sqlite
  .prepare(
    `INSERT INTO sessions (id, user_id, expires_at, remember, kind, last_used_at, created_at) VALUES (?, 'bench-me', ?, 1, 'token', ?, ?)`,
  )
  .run(crypto.createHash('sha256').update(token).digest('hex'), now + DAY, now, now);
sqlite.pragma('optimize');
sqlite.close();
console.log(
  `Filled ${POSTS.toLocaleString('en-US')} posts with metrics and ${DAYS} days of snapshots for 6 accounts (plus ${OTHER_USERS} other users) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);

const databases = await benchDatabases(dataDir);
const headers = { authorization: `Bearer ${token}` };
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const all = 'facebook,instagram,linkedin,threads,twitter';
const requests: Array<[string, (base: string) => string, RequestInit]> = [
  ['GET /api/analytics (last 7 days, the default)', (base) => analyticsUrl(base, 7), { headers }],
  ['GET /api/analytics (90 days)', (base) => analyticsUrl(base, 90), { headers }],
  ['GET /api/analytics (730 days)', (base) => analyticsUrl(base, 730), { headers }],
  ['GET /api/health (bare)', (base) => `${base}/api/health`, {}],
];
const samples: number[][][] = requests.map(() => []);
try {
  for (const database of databases) {
    const server = await startServer({
      DATA_DIR: dataDir,
      SCHEDULER: 'off',
      LOG_LEVEL: 'error',
      SANDBOX_URL: 'http://127.0.0.1:9',
      ...database.env,
    });
    try {
      const probe = await fetch(analyticsUrl(server.url, 7), { headers });
      if (!probe.ok)
        throw new Error(`analytics answered ${probe.status} on ${database.name}: ${await probe.text()}`);
      for (const [index, [, url, init]] of requests.entries()) {
        samples[index]!.push(await timeRequests(url(server.url), RUNS, init));
      }
    } finally {
      await server.stop();
    }
  }
  console.log(`\n${RUNS} runs each`);
  console.log(
    timingTable(
      databases.map((database) => database.name),
      requests.map(([label], index) => [label, samples[index]!]),
    ),
  );
  const target = 50;
  for (const [index, database] of databases.entries()) {
    const p50 = percentile(samples[0]![index]!, 50);
    console.log(
      `${database.name}: p50 of the default range ${p50 < target ? 'meets' : 'misses'} the ${target} ms target.`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function analyticsUrl(base: string, days: number): string {
  return `${base}/api/analytics?from=${day(now - (days - 1) * DAY)}&to=${day(now)}&platforms=${all}`;
}
