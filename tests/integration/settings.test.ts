import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/settings/notification-preferences.js';
import { tablesWithColumn } from '../support/database-faults.js';
import {
  connectAccount,
  createServedTestApp,
  imageBytes,
  resetSandbox,
  type ServedApp,
  sandboxPublished,
  signedInUser,
  type TestUser,
  uploadMedia,
} from '../support/publishing-support.js';

const PASSWORD = 'first-secret-1';
let sandbox: RunningSandbox;
let t: ServedApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
});
afterAll(() => sandbox.close());
afterEach(async () => {
  await t?.close();
});

async function app(env: Record<string, string> = {}) {
  await resetSandbox(sandbox);
  t = await createServedTestApp({ SANDBOX_URL: sandbox.url, PUBLISH_RETRY_BASE_MS: '50', ...env });
  return t;
}

/** A user with a password and a cookie session. */
async function userWithPassword(): Promise<TestUser> {
  const user = await signedInUser(t);
  await t.deps.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  return user;
}

/** Who a session answer says is signed in: `{ user: null }` when the session is gone. */
async function sessionUserOf(res: Response): Promise<{ id: string } | null> {
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string } | null }).user;
}

/** Over real HTTP, so the server sees a real client address and user agent. */
function call(user: TestUser, route: string, init: { method?: string; json?: unknown } = {}) {
  return fetch(`${t.url}${route}`, {
    method: init.method ?? 'GET',
    headers: {
      cookie: user.cookie,
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0 Safari/537.36',
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
}

function changePassword(user: TestUser, currentPassword: string, newPassword: string) {
  return call(user, '/api/settings/password', { method: 'POST', json: { currentPassword, newPassword } });
}

describe('change password', () => {
  it('changes it, keeps this session, ends the others, and logs the attempt with address and browser', async () => {
    await app();
    const user = await userWithPassword();
    const other = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'token' });
    const res = await changePassword(user, PASSWORD, 'second-secret-2');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Password updated successfully!' });
    expect(await sessionUserOf(await call(user, '/api/auth/session'))).toMatchObject({ id: user.id });
    const stale = await fetch(`${t.url}/api/auth/session`, {
      headers: { authorization: `Bearer ${other.id}` },
    });
    expect(await sessionUserOf(stale)).toBeNull();
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      json: { email: `${user.id}@example.com`, password: 'second-secret-2' },
    });
    expect(login.status).toBe(200);
    const log = await t.deps.db
      .selectFrom('securityLogs')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(log).toEqual([
      expect.objectContaining({
        eventType: 'password_change',
        success: 1,
        errorMessage: null,
        ipAddress: '127.0.0.1',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/150.0 Safari/537.36',
      }),
    ]);
  });

  it('refuses a second change within 24 hours with the hours left, rounded up', async () => {
    await app();
    const user = await userWithPassword();
    expect((await changePassword(user, PASSWORD, 'second-secret-2')).status).toBe(200);
    const again = await changePassword(user, 'second-secret-2', 'third-secret-3');
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe('Please wait 24 hours before changing your password again');
    // Five and a half hours later: 18.5 hours are left, which reads as 19.
    await t.deps.db
      .updateTable('passwordHistory')
      .set({ createdAt: Date.now() - 5.5 * 3_600_000 })
      .where('userId', '=', user.id)
      .execute();
    const later = await changePassword(user, 'second-secret-2', 'third-secret-3');
    expect((await later.json()).message).toBe('Please wait 19 hours before changing your password again');
    const failures = await t.deps.db
      .selectFrom('securityLogs')
      .select(['success', 'errorMessage'])
      .where('userId', '=', user.id)
      .where('success', '=', 0)
      .execute();
    expect(failures).toHaveLength(2);
  });

  it('refuses the current password as the new one, with the spec message', async () => {
    await app();
    const user = await userWithPassword();
    const res = await changePassword(user, PASSWORD, PASSWORD);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'New password must be different from your current password',
      field: 'newPassword',
    });
  });

  it('refuses a wrong current password without signing the user out', async () => {
    await app();
    const user = await userWithPassword();
    const res = await changePassword(user, 'not-it-1', 'second-secret-2');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Current password is incorrect');
    expect(await sessionUserOf(await call(user, '/api/auth/session'))).toMatchObject({ id: user.id });
  });

  it('holds the new password to the sign-up rules', async () => {
    await app();
    const user = await userWithPassword();
    const res = await changePassword(user, PASSWORD, 'nodigits');
    expect((await res.json()).message).toBe('Password must contain at least one number');
  });
});

describe('notification preferences', () => {
  it('are all off by default, are saved, and stay the user own', async () => {
    await app();
    const user = await signedInUser(t);
    const other = await signedInUser(t);
    expect(await (await call(user, '/api/settings/notifications')).json()).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    const chosen = { ...DEFAULT_NOTIFICATION_PREFERENCES, posts: { email: true, push: false } };
    const saved = await call(user, '/api/settings/notifications', { method: 'PUT', json: chosen });
    expect(saved.status).toBe(200);
    expect(await (await call(user, '/api/settings/notifications')).json()).toEqual(chosen);
    expect(await (await call(other, '/api/settings/notifications')).json()).toEqual(
      DEFAULT_NOTIFICATION_PREFERENCES,
    );
    const bad = await call(user, '/api/settings/notifications', { method: 'PUT', json: { posts: 'yes' } });
    expect(bad.status).toBe(400);
  });
});

describe('active sessions', () => {
  it('lists browsers and extensions, signs one out, and answers 404 for another user', async () => {
    await app();
    const user = await signedInUser(t);
    const extension = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'token' });
    await fetch(`${t.url}/api/auth/session`, { headers: { authorization: `Bearer ${extension.id}` } });
    const list = (await (await call(user, '/api/settings/sessions')).json()).sessions as Array<{
      id: string;
      kind: string;
      current: boolean;
      ipAddress: string | null;
    }>;
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)?.kind).toBe('cookie');
    const token = list.find((s) => !s.current);
    expect(token).toMatchObject({ kind: 'token', ipAddress: '127.0.0.1' });

    const stranger = await signedInUser(t);
    expect((await call(stranger, `/api/settings/sessions/${token?.id}`, { method: 'DELETE' })).status).toBe(
      404,
    );
    expect((await call(user, `/api/settings/sessions/${token?.id}`, { method: 'DELETE' })).status).toBe(200);
    const after = await fetch(`${t.url}/api/auth/session`, {
      headers: { authorization: `Bearer ${extension.id}` },
    });
    expect(await sessionUserOf(after)).toBeNull();
  });
});

describe('delete account', () => {
  it('asks for DELETE typed exactly', async () => {
    await app();
    const user = await signedInUser(t);
    const res = await call(user, '/api/settings/account', {
      method: 'DELETE',
      json: { confirmation: 'delete' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('Please type DELETE to confirm');
    expect(await sessionUserOf(await call(user, '/api/auth/session'))).toMatchObject({ id: user.id });
  });

  it('removes every row and media file, and a post it had scheduled never reaches the platform', async () => {
    await app({ PUBLISH_LEASE_MS: '30000' });
    const user = await userWithPassword();
    const bearer = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'token' });
    // LinkedIn has no revoke endpoint: only the engine itself can keep this post from going out.
    const account = await connectAccount(t, user, 'linkedin');
    // A media file on disk, to be removed with the account.
    await uploadMedia(t, user, { bytes: await imageBytes('png'), name: 'photo.png', type: 'image/png' });
    await call(user, '/api/settings/notifications', {
      method: 'PUT',
      json: { ...DEFAULT_NOTIFICATION_PREFERENCES, posts: { email: true, push: true } },
    });
    await changePassword(user, PASSWORD, 'second-secret-2');
    // Due in 3 seconds: the engine claims it at once (5 s ahead) and holds it until then.
    const dueAt = Date.now() + 3000;
    const created = await call(user, '/api/posts', {
      method: 'POST',
      json: {
        socialAccountId: account.id,
        content: 'Never published',
        media: [],
        action: 'schedule',
        scheduledAt: new Date(dueAt).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const { post } = await created.json();
    await t.deps.engine.start();
    // Claimed, its attempt started and prepared (token, media), now waiting for the due moment.
    await waitFor(async () => {
      const attempt = await t.deps.db
        .selectFrom('publishAttempts')
        .select('id')
        .where('postId', '=', post.id)
        .executeTakeFirst();
      return attempt !== undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));

    const res = await call(user, '/api/settings/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE', password: 'second-secret-2' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Your account has been successfully deleted.' });
    expect(res.headers.getSetCookie().join(';')).toMatch(/postloom_session=;/);

    // Every table that names a user has nothing of this one left.
    const tables = await tablesWithColumn(t.deps.db, 'user_id');
    expect(tables.length).toBeGreaterThan(8);
    for (const name of tables) {
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM ${sql.table(name)} WHERE user_id = ${user.id}`.execute(t.deps.db);
      expect(rows[0]?.n, name).toBe(0);
    }
    expect((await t.deps.db.selectFrom('users').selectAll().where('id', '=', user.id).execute()).length).toBe(
      0,
    );
    expect(fs.existsSync(path.join(t.dataDir, 'media', user.id))).toBe(false);

    // The old cookie and the bearer token are refused.
    expect(await sessionUserOf(await call(user, '/api/auth/session'))).toBeNull();
    const stale = await fetch(`${t.url}/api/auth/session`, {
      headers: { authorization: `Bearer ${bearer.id}` },
    });
    expect(await sessionUserOf(stale)).toBeNull();

    // Past its due moment, the platform never saw the post.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - Date.now()) + 1500));
    expect(await sandboxPublished(sandbox, 'linkedin')).toEqual([]);
  });
});

describe('download my data', () => {
  it('is a zip of the JSON files and the media, without secrets', async () => {
    await app();
    const user = await userWithPassword();
    await connectAccount(t, user, 'linkedin');
    const png = await imageBytes('png');
    const media = await uploadMedia(t, user, { bytes: png, name: 'photo.png', type: 'image/png' });
    const res = await call(user, '/api/settings/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="postloom-export-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'profile.json',
        'posts.json',
        'notifications.json',
        'analytics.json',
        'connected-accounts.json',
        'posting-schedule.json',
        'queues.json',
        `media/${media.id}-photo.png`,
      ]),
    );
    expect(Buffer.from(files[`media/${media.id}-photo.png`] ?? [])).toEqual(png);
    const profile = JSON.parse(new TextDecoder().decode(files['profile.json']));
    expect(profile.email).toBe(`${user.id}@example.com`);
    const everything = Object.entries(files)
      .filter(([name]) => name.endsWith('.json'))
      .map(([, bytes]) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(everything).not.toMatch(/passwordHash|password_hash|accessToken|refreshToken|\$argon2/);
    expect(JSON.parse(new TextDecoder().decode(files['connected-accounts.json']))).toEqual([
      expect.objectContaining({ platform: 'linkedin' }),
    ]);
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
