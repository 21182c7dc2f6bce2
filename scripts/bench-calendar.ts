/**
 * `npm run bench:calendar [-- --total 1000000 --mine 100000 --runs 300]`
 * Fills a fresh database with `total` posts, `mine` of them one user's (spread over two years,
 * the rest over other users), starts the real server on it and times the calendar's month
 * request (`GET /api/posts/calendar` for a six-week grid) against a bare `GET /api/health`
 * in the same run, over HTTP on loopback. Prints p50/p95 of both. With DATABASE_URL (an empty
 * PostgreSQL database) the same data is copied there and measured too, side by side.
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

const TOTAL = numberOption('total', 1_000_000);
const MINE = numberOption('mine', 100_000);
const RUNS = numberOption('runs', 300);
const OTHER_USERS = 90;
const DAY = 86_400_000;
const SPAN = 730 * DAY;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-bench-calendar-'));
const now = Date.now();
const start = now - SPAN / 2;

// The schema, through the real migrations.
const db = openDatabase({ file: databaseFile(dataDir) });
await migrateToLatest(db);
await db.destroy();

const sqlite = new Database(databaseFile(dataDir));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('synchronous = OFF');
const users = ['bench-me', ...Array.from({ length: OTHER_USERS }, (_, i) => `bench-${i}`)];
const insertUser = sqlite.prepare(
  `INSERT INTO users (id, email, password_hash, email_confirmed_at, google_sub, timezone, language, time_format, setup_complete, created_at, updated_at)
   VALUES (?, ?, NULL, ?, NULL, 'Europe/Berlin', 'en', '24h', 1, ?, ?)`,
);
const insertAccount = sqlite.prepare(
  `INSERT INTO social_accounts (id, user_id, platform, platform_account_id, account_name, access_token, status, is_sandbox, metadata, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, 'x', 'active', 1, '{}', ?, ?)`,
);
const insertPost = sqlite.prepare(
  `INSERT INTO scheduled_posts (id, user_id, social_account_id, platform, content, status, is_draft, scheduled_at, posted_at, post_type, media, metadata, created_at, updated_at)
   VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, 'normal', '[]', '{}', ?, ?)`,
);
const platforms = ['twitter', 'linkedin', 'facebook', 'instagram', 'threads', 'tiktok'];
const started = performance.now();
sqlite.transaction(() => {
  for (const user of users) {
    insertUser.run(user, `${user}@postloom.test`, now, now, now);
    for (const platform of platforms)
      insertAccount.run(`${user}-${platform}`, user, platform, `${user}-${platform}`, platform, now, now);
  }
  for (let i = 0; i < TOTAL; i++) {
    const user = i < MINE ? 'bench-me' : users[1 + (i % OTHER_USERS)]!;
    const platform = platforms[i % platforms.length]!;
    // Evenly over the two years, each user's posts on their own.
    const share = i < MINE ? i / MINE : (i - MINE) / Math.max(1, TOTAL - MINE);
    const at = start + Math.floor(share * SPAN);
    const past = at < now;
    insertPost.run(
      `p${i}`,
      user,
      `${user}-${platform}`,
      platform,
      `Post number ${i}, with a little text as real posts have.`,
      past ? 'posted' : 'scheduled',
      at,
      past ? at : null,
      at - DAY,
      at - DAY,
    );
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
  `Filled ${TOTAL.toLocaleString('en-US')} posts (${MINE.toLocaleString('en-US')} of one user) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
);

const databases = await benchDatabases(dataDir);
const headers = { authorization: `Bearer ${token}` };
// This month's grid: six weeks from the Sunday on or before the 1st.
const first = new Date(now);
first.setUTCDate(1);
const from = new Date(first.getTime() - first.getUTCDay() * DAY);
const to = new Date(from.getTime() + 42 * DAY);
const calendar: number[][] = [];
const health: number[][] = [];
let gridPosts = 0;
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
      const calendarUrl = `${server.url}/api/posts/calendar?from=${from.toISOString()}&to=${to.toISOString()}`;
      const probe = await fetch(calendarUrl, { headers });
      if (!probe.ok) throw new Error(`calendar answered ${probe.status} on ${database.name}`);
      gridPosts = ((await probe.json()) as { posts: unknown[] }).posts.length;
      calendar.push(await timeRequests(calendarUrl, RUNS, { headers }));
      health.push(await timeRequests(`${server.url}/api/health`, RUNS));
    } finally {
      await server.stop();
    }
  }
  console.log(`\nCalendar month request: ${gridPosts} posts in the six-week grid, ${RUNS} runs each`);
  console.log(
    timingTable(
      databases.map((database) => database.name),
      [
        ['GET /api/posts/calendar (month)', calendar],
        ['GET /api/health (bare)', health],
      ],
    ),
  );
  const targets = { SQLite: 20, PostgreSQL: 25 };
  for (const [index, database] of databases.entries()) {
    const p50 = percentile(calendar[index]!, 50);
    const target = targets[database.name];
    console.log(`${database.name}: p50 ${p50 < target ? 'meets' : 'misses'} the ${target} ms target.`);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
