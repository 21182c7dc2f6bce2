import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tablesInCopyOrder } from '../../server/db/copy-tables.js';
import { type Db, databaseFile, openDatabase } from '../../server/db/database.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { apiCall, connectSandboxAccount, createConfirmedUser } from '../support/http-user.js';
import { acquireTestPostgres, requirePostgres, type TestPostgres } from '../support/postgres.js';
import { imageBytes, sandboxPublished } from '../support/publishing-support.js';
import { type RunningServer, startServer } from '../support/spawn-server.js';

// `npm run db:copy` moves a stopped install from its SQLite file to PostgreSQL and back: every
// row of every table arrives as it was, and the install works on the copy.

let postgres: TestPostgres;
let sandbox: RunningSandbox;
const servers: RunningServer[] = [];

beforeAll(async () => {
  postgres = await acquireTestPostgres();
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
}, 600_000);

afterAll(async () => {
  for (const server of servers) {
    await server.stop('SIGKILL');
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  await sandbox?.close();
  await postgres?.release();
});

function dbCopy(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/db/copy-cli.ts', ...args],
      { env: { PATH: process.env.PATH }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** Every table's rows, by primary key, and the notifications in the order they were written. */
async function contents(db: Db) {
  const all: Record<string, unknown[]> = {};
  for (const table of await tablesInCopyOrder()) {
    const { rows } = await sql`SELECT ${sql.join(table.columns.map((column) => sql.ref(column)))}
      FROM ${sql.table(table.name)} ORDER BY ${sql.join(table.primaryKey.map((column) => sql.ref(column)))}`.execute(
      db.withoutPlugins(),
    );
    all[table.name] = rows;
  }
  const { rows } = await sql<{ id: string }>`SELECT id FROM notifications ORDER BY rowid`.execute(db);
  all['notifications in insertion order'] = rows.map((row) => row.id);
  return all;
}

async function contentsOf(where: { file: string } | { url: string }) {
  const db = openDatabase(where);
  try {
    return await contents(db);
  } finally {
    await db.destroy();
  }
}

/** A stopped install on SQLite with users, accounts, posts of every kind, media, a queue... */
async function populatedInstall(dueAt: number) {
  const server = await startServer({ SANDBOX_URL: sandbox.url, DATABASE_URL: '' });
  servers.push(server);
  const user = await createConfirmedUser(server, 'mover@example.com');
  const [twitter] = await connectSandboxAccount(server.url, user.token, 'twitter');
  await connectSandboxAccount(server.url, user.token, 'linkedin');
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await imageBytes('png'))], { type: 'image/png' }), 'photo.png');
  const upload = await fetch(`${server.url}/api/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const media = ((await upload.json()) as { media: { id: string } }).media.id;
  const create = (body: Record<string, unknown>) =>
    apiCall(server.url, user.token, '/api/posts', { socialAccountId: twitter, ...body });
  await create({ content: 'Sent before the move', media: [media], action: 'publish' });
  await create({ content: 'Sent before the move, too', action: 'publish' });
  await create({ content: 'A draft that moves along', action: 'draft' });
  await create({
    content: 'Due after the move',
    action: 'schedule',
    scheduledAt: new Date(dueAt).toISOString(),
  });
  await apiCall(server.url, user.token, '/api/schedule');
  const { queue } = await apiCall<{ queue: { id: string } }>(server.url, user.token, '/api/queues', {
    name: 'Evergreen',
    isRepeatable: true,
    intervalHours: 24,
  });
  await apiCall(server.url, user.token, `/api/queues/${queue.id}/items`, {
    socialAccountId: twitter,
    content: 'A queue item',
    media: [media],
  });
  const posts = await apiCall<{ posts: unknown[] }>(server.url, user.token, '/api/posts?view=sent');
  await server.stop();
  return { server, user, posts: posts.posts };
}

describe('npm run db:copy', () => {
  it('copies a populated SQLite install to PostgreSQL and back, every table equal, and it runs on the copy', async (ctx) => {
    requirePostgres(ctx, postgres);
    // Far ahead: the stopped install never sends it; the copy is given a near time below.
    const dueAt = Date.now() + 3_600_000;
    const install = await populatedInstall(dueAt);
    const file = databaseFile(install.server.dataDir);
    const original = await contentsOf({ file });
    expect(original.publish_attempts?.length).toBeGreaterThan(0);
    expect(original.notifications?.length).toBeGreaterThan(1);

    const url = await postgres.createDatabase({ migrated: false });
    const there = await dbCopy('--from', file, '--to', url);
    expect(there.code, there.stderr).toBe(0);
    expect(there.stdout).toMatch(/All \d+ tables match: \d+ rows copied\./);
    expect(there.stdout).not.toContain('differs');
    expect(await contentsOf({ url })).toEqual(original);

    const refused = await dbCopy('--from', file, '--to', url);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^Cannot copy: the target database is not empty \(users: 1, .*\): pass --force to replace its data$/,
    );

    const back = path.join(install.server.dataDir, 'backup', 'postloom-copy.sqlite');
    const returned = await dbCopy('--from', url, '--to', back);
    expect(returned.code, returned.stderr).toBe(0);
    expect(returned.stdout).toMatch(/All \d+ tables match/);
    expect(await contentsOf({ file: back })).toEqual(original);

    // The same install on the copy: same password, same posts, tokens readable, the post on time
    // (moved to a few seconds from now, once the copies are compared).
    const copied = openDatabase({ url });
    const dueAgain = Date.now() + 8_000;
    await copied
      .updateTable('scheduledPosts')
      .set({ scheduledAt: dueAgain })
      .where('content', '=', 'Due after the move')
      .execute();
    await copied.destroy();
    const before = fs.statSync(file).mtimeMs;
    const moved = await startServer({
      SANDBOX_URL: sandbox.url,
      DATABASE_URL: url,
      DATA_DIR: install.server.dataDir,
      // PostgreSQL needs the key set: the one the SQLite install generated into its DATA_DIR.
      ENCRYPTION_KEY: fs.readFileSync(path.join(install.server.dataDir, 'encryption.key'), 'utf8').trim(),
    });
    servers.push(moved);
    const login = await fetch(`${moved.url}/api/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: install.user.email, password: install.user.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    // The post due after the move may already be among them on a loaded machine: the rest are equal.
    const sent = await apiCall<{ posts: { content: string }[] }>(moved.url, token, '/api/posts?view=sent');
    expect(sent.posts.filter((post) => post.content !== 'Due after the move')).toEqual(install.posts);
    const deadline = dueAgain + 30_000;
    let publishedAt = 0;
    while (!publishedAt && Date.now() < deadline) {
      const texts = (await sandboxPublished(sandbox, 'twitter')).map((p) => p.text);
      if (texts.includes('Due after the move')) publishedAt = Date.now();
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(publishedAt).toBeGreaterThanOrEqual(dueAgain);
    // Nothing of it was written to the SQLite file the install left behind.
    expect(fs.statSync(file).mtimeMs).toBe(before);
  }, 300_000);

  it('refuses a source that is not there and a target URL it cannot parse, in one line', async () => {
    const missing = await dbCopy(
      '--from',
      '/nonexistent/postloom.sqlite',
      '--to',
      'postgres://u@127.0.0.1:1/x',
    );
    expect(missing).toMatchObject({
      code: 1,
      stderr: 'Cannot copy: there is no SQLite file at /nonexistent/postloom.sqlite\n',
    });
    const usage = await dbCopy('--from', '/tmp/x.sqlite');
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/^Cannot copy: --to is missing \(usage: npm run db:copy/);
  });
});
