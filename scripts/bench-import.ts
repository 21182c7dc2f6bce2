/**
 * `npm run bench:import [-- --rows 1000 --runs 3 --posts 5000]`
 * Starts the real server on a fresh SQLite database whose user has ten accounts (three X, three
 * Facebook Pages, two LinkedIn, two Threads) and `posts` posts already, then times over HTTP on
 * loopback: `POST /api/posts/import?dryRun=true` with a CSV of `rows` rows spread across the ten
 * accounts (the preview: parse, accounts, times, the composer's rules, X's 24-hour rule against
 * the posts already there), and the same rows saved (one transaction). No media addresses: media
 * downloads are excluded. Each run has its own texts. Targets: validate < 2 s, save < 5 s.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Papa from 'papaparse';
import { databaseFile, migrateToLatest, openDatabase } from '../server/db/database.js';
import { startServer } from '../tests/support/spawn-server.js';
import { numberOption } from './bench-args.js';

const ROWS = numberOption('rows', 1000);
const RUNS = numberOption('runs', 3);
const POSTS = numberOption('posts', 5_000);
const DAY = 86_400_000;
const PLATFORMS = [
  'twitter',
  'twitter',
  'twitter',
  'facebook',
  'facebook',
  'facebook',
  'linkedin',
  'linkedin',
  'threads',
  'threads',
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'postloom-bench-import-'));
const now = Date.now();
const db = openDatabase({ file: databaseFile(dataDir) });
await migrateToLatest(db);
await db.destroy();

const sqlite = new Database(databaseFile(dataDir));
sqlite.pragma('journal_mode = WAL');
const accountIds = PLATFORMS.map((platform, index) => `bench-${platform}-${index}`);
sqlite.transaction(() => {
  sqlite
    .prepare(
      `INSERT INTO users (id, email, password_hash, email_confirmed_at, google_sub, timezone, language, time_format, setup_complete, created_at, updated_at)
       VALUES ('bench-me', 'bench@postloom.test', NULL, ?, NULL, 'Europe/Berlin', 'en', '24h', 1, ?, ?)`,
    )
    .run(now, now, now);
  const insertAccount = sqlite.prepare(
    `INSERT INTO social_accounts (id, user_id, platform, platform_account_id, account_name, account_handle, access_token, status, is_sandbox, metadata, created_at, updated_at)
     VALUES (?, 'bench-me', ?, ?, ?, ?, 'x', 'active', 1, '{}', ?, ?)`,
  );
  PLATFORMS.forEach((platform, index) => {
    const id = accountIds[index]!;
    insertAccount.run(id, platform, id, `${platform} ${index}`, `handle_${index}`, now, now);
  });
  const insertPost = sqlite.prepare(
    `INSERT INTO scheduled_posts (id, user_id, social_account_id, platform, content, status, is_draft, scheduled_at, post_type, media, metadata, created_at, updated_at)
     VALUES (?, 'bench-me', ?, ?, ?, 'scheduled', 0, ?, 'normal', '[]', '{}', ?, ?)`,
  );
  for (let i = 0; i < POSTS; i++) {
    const index = i % PLATFORMS.length;
    insertPost.run(
      `old-${i}`,
      accountIds[index],
      PLATFORMS[index],
      `Earlier post ${i}`,
      now + DAY + (i % 60) * DAY,
      now,
      now,
    );
  }
})();
const token = crypto.randomBytes(32).toString('base64url');
sqlite
  .prepare(
    `INSERT INTO sessions (id, user_id, expires_at, remember, kind, last_used_at, created_at) VALUES (?, 'bench-me', ?, 1, 'token', ?, ?)`,
  )
  .run(crypto.createHash('sha256').update(token).digest('hex'), now + DAY, now, now);
sqlite.close();

/** Rows across the ten accounts, an hour apart from tomorrow, with a link on every other one. */
function rowsFor(run: number) {
  return Array.from({ length: ROWS }, (_, i) => {
    const at = new Date(now + DAY + i * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    return {
      text: `Run ${run}, post ${i}: "quoted", with commas, and a line\nbreak for the planner's month.`,
      accounts: `@handle_${i % 10}`,
      time: at,
      media_urls: '',
      link: i % 2 === 0 ? `https://example.com/articles/${run}-${i}` : '',
    };
  });
}

const server = await startServer({
  DATA_DIR: dataDir,
  SCHEDULER: 'off',
  LOG_LEVEL: 'error',
  SANDBOX_URL: 'http://127.0.0.1:9',
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
try {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const call = async (query: string, body: unknown) => {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/posts/import${query}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`import answered ${res.status}: ${text.slice(0, 500)}`);
    return { ms, result: JSON.parse(text) as { counts: { invalidRows: number; posts: number } } };
  };
  const validate: number[] = [];
  const save: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const rows = rowsFor(run);
    const csv = Papa.unparse(rows, { newline: '\r\n' });
    const dry = await call('?dryRun=true', { csv });
    if (dry.result.counts.invalidRows > 0) throw new Error('the bench rows should all be valid');
    validate.push(dry.ms);
    save.push((await call('', { rows })).ms);
  }
  const format = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `\nImporting ${ROWS.toLocaleString('en-US')} rows across 10 accounts (${POSTS.toLocaleString('en-US')} posts already), ${RUNS} runs, median (slowest)`,
  );
  console.log('| step | median | slowest | target |');
  console.log('| --- | --- | --- | --- |');
  console.log(
    `| validate (dry run, CSV) | ${format(median(validate))} | ${format(Math.max(...validate))} | < 2 s |`,
  );
  console.log(`| save (one transaction) | ${format(median(save))} | ${format(Math.max(...save))} | < 5 s |`);
  const ok = Math.max(...validate) < 2000 && Math.max(...save) < 5000;
  console.log(`\n${ok ? 'Meets' : 'Misses'} both targets.`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
