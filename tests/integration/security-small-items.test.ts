import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/core/ids.js';
import { runPruneJob } from '../../server/maintenance/prune.job.js';
import { createSignedInUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const DAY = 24 * 60 * 60_000;

describe('/api/health', () => {
  it('tells an anonymous visitor only whether the server is up', async () => {
    t = await createTestApp();
    const body = await (await t.request('/api/health')).json();
    expect(body).toEqual({ status: 'ok' });
  });

  it('shows the scheduler facts to a signed-in user', async () => {
    t = await createTestApp();
    const user = await createSignedInUser(t);
    const body = await (await t.request('/api/health', { headers: { cookie: user.cookie } })).json();
    expect(body).toMatchObject({ status: 'ok', database: 'ok', scheduler: { overdue: 0 } });
  });
});

describe('the hourly prune job', () => {
  it('deletes old sign-in attempts, used or expired tokens and states, and old outbox mail, and keeps recent ones', async () => {
    t = await createTestApp();
    const db = t.deps.db;
    const user = await createSignedInUser(t);
    const now = Date.now();
    const old = now - 8 * DAY;
    await db
      .insertInto('loginAttempts')
      .values([
        { email: 'a@example.com', ip: '203.0.113.1', succeeded: 0, createdAt: old },
        { email: 'a@example.com', ip: '203.0.113.1', succeeded: 0, createdAt: now - 60_000 },
      ])
      .execute();
    const token = (id: string, expiresAt: number, usedAt: number | null) => ({
      id,
      userId: user.id,
      purpose: 'reset' as const,
      tokenHash: newId(),
      codeHash: null,
      expiresAt,
      usedAt,
      createdAt: old,
    });
    await db
      .insertInto('emailTokens')
      .values([
        token('expired', old, null),
        token('used', now + DAY, old),
        token('live', now + 3_600_000, null),
      ])
      .execute();
    const state = (id: string, expiresAt: number, usedAt: number | null) => ({
      id,
      provider: 'google',
      userId: null,
      sessionId: null,
      codeVerifier: null,
      nonce: null,
      redirectTo: null,
      data: null,
      expiresAt,
      usedAt,
      createdAt: old,
    });
    await db
      .insertInto('oauthStates')
      .values([state('old-state', old, null), state('fresh-state', now + 600_000, null)])
      .execute();
    await db
      .insertInto('mailOutbox')
      .values([
        { id: 'old-mail', toAddress: 'a@example.com', subject: 's', text: 't', html: 'h', createdAt: old },
        { id: 'new-mail', toAddress: 'a@example.com', subject: 's', text: 't', html: 'h', createdAt: now },
      ])
      .execute();

    const run = await runPruneJob(t.deps, now);
    expect(run).toMatchObject({ loginAttempts: 1, emailTokens: 2, oauthStates: 1, outbox: 1 });
    expect((await db.selectFrom('loginAttempts').selectAll().execute()).length).toBe(1);
    expect((await db.selectFrom('emailTokens').select('id').execute()).map((r) => r.id)).toEqual(['live']);
    expect((await db.selectFrom('oauthStates').select('id').execute()).map((r) => r.id)).toEqual([
      'fresh-state',
    ]);
    expect((await db.selectFrom('mailOutbox').select('id').execute()).map((r) => r.id)).toEqual(['new-mail']);
    // The signed-in user's session is untouched.
    const me = await t.request('/api/auth/session', { headers: { cookie: user.cookie } });
    expect(((await me.json()) as { user: { id: string } | null }).user?.id).toBe(user.id);
  });
});

describe('production builds', () => {
  it('publish no source maps of the web app', () => {
    const assets = path.resolve('dist/webapp/assets');
    expect(fs.existsSync(assets), 'build the web app first: npx vite build').toBe(true);
    const files = fs.readdirSync(assets);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      expect(fs.readFileSync(path.join(assets, file), 'utf8')).not.toContain('sourceMappingURL');
    }
  });

  it('publish no source maps in the extension builds', () => {
    for (const build of ['.output/chrome-mv3', '.output/firefox-mv3']) {
      const dir = path.resolve(build);
      expect(fs.existsSync(dir), `build the extension first: npx wxt build`).toBe(true);
      const files = fs.readdirSync(dir, { recursive: true }).map(String);
      expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    }
  });
});
