import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getValidAccessToken, refreshAccountToken } from '../../server/accounts/account-tokens.js';
import { runTokenRefreshJob } from '../../server/accounts/token-refresh.job.js';
import { createSession } from '../../server/auth/create-session.js';
import { newId } from '../../server/core/ids.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import type { AccountDto } from '../../shared/accounts/account.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { storedBytes } from '../support/database-faults.js';
import { resetSandbox, sandboxRequests } from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

interface TestUser {
  id: string;
  cookie: string;
}

let sandbox: RunningSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true });
});
afterAll(async () => {
  await sandbox.close();
});

async function freshApp() {
  await resetSandbox(sandbox);
  t = await createTestApp({ SANDBOX_URL: sandbox.url });
}
afterEach(async () => {
  await t?.close();
});

/** A confirmed user with a signed-in session (created directly: this suite is about accounts). */
async function signedInUser(email = `${newId()}@example.com`): Promise<TestUser> {
  const now = Date.now();
  const id = newId();
  await t.deps.db
    .insertInto('users')
    .values({
      id,
      email,
      passwordHash: null,
      emailConfirmedAt: now,
      googleSub: null,
      timezone: 'UTC',
      language: 'en',
      timeFormat: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const session = await createSession(t.deps, id, { remember: true, kind: 'cookie' });
  return { id, cookie: `postloom_session=${session.token}` };
}

function get(user: TestUser, path: string) {
  return t.request(path, { headers: { cookie: user.cookie } });
}

/** Follows the authorize address (the sandbox auto-approves) and returns the landing page's code and state. */
async function authorize(user: TestUser, platform: PlatformId) {
  const start = await get(user, `/api/accounts/${platform}/connect`);
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith(`${sandbox.url}/`)).toBe(true);
  const consent = await fetch(url, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const landing = new URL(consent.headers.get('location') ?? '');
  expect(landing.origin + landing.pathname).toBe(
    `http://localhost:3000${platform === 'linkedin' ? '/auth/linkedincallback' : `/auth/${platform}/callback`}`,
  );
  return { code: landing.searchParams.get('code') ?? '', state: landing.searchParams.get('state') ?? '' };
}

function callback(user: TestUser, platform: PlatformId, body: { code: string; state: string }) {
  return t.request(`/api/accounts/${platform}/callback`, {
    method: 'POST',
    headers: { cookie: user.cookie },
    json: body,
  });
}

interface CallbackBody {
  feedback: { type: string; message: string };
  accounts?: AccountDto[];
  choosePages?: {
    selectionId: string;
    pages: Array<{ id: string; name: string; pictureUrl: string | null }>;
  };
}

/** Connects through the sandbox; a Facebook Page chooser is answered with `pageChoice` (default: the first Page). */
async function connect(user: TestUser, platform: PlatformId, pageChoice?: (ids: string[]) => string[]) {
  const res = await callback(user, platform, await authorize(user, platform));
  const body = (await res.json()) as CallbackBody;
  expect(res.status, JSON.stringify(body)).toBe(200);
  if (!body.choosePages) return body;
  const ids = body.choosePages.pages.map((p) => p.id);
  const chosen = await t.request('/api/accounts/facebook/pages', {
    method: 'POST',
    headers: { cookie: user.cookie },
    json: {
      selectionId: body.choosePages.selectionId,
      pageIds: pageChoice ? pageChoice(ids) : ids.slice(0, 1),
    },
  });
  const chosenBody = (await chosen.json()) as CallbackBody;
  expect(chosen.status, JSON.stringify(chosenBody)).toBe(200);
  return chosenBody;
}

async function accountsOf(user: TestUser): Promise<AccountDto[]> {
  const res = await get(user, '/api/accounts');
  expect(res.status).toBe(200);
  return ((await res.json()) as { accounts: AccountDto[] }).accounts;
}

/** Requests the sandbox received at exactly this path. */
async function requestsTo(path: string) {
  return sandboxRequests(sandbox, { path });
}

async function expireEverywhere(accountId: string) {
  await control(sandbox, '/expire-tokens', {});
  await t.deps.db
    .updateTable('socialAccounts')
    .set({ expiresAt: Date.now() - 1000 })
    .where('id', '=', accountId)
    .execute();
}

describe('connecting accounts through the sandbox', () => {
  it.each([
    ['twitter', true],
    ['facebook', false],
    ['instagram', true],
    ['linkedin', false],
    ['tiktok', false],
    ['threads', false],
  ] as const)(
    'connects %s and lists it with name, handle and avatar but no token',
    async (platform, hasHandle) => {
      await freshApp();
      const user = await signedInUser();
      const result = await connect(user, platform);
      expect(result.feedback.type).toBe('success');

      const accounts = await accountsOf(user);
      expect(accounts).toHaveLength(1);
      const [account] = accounts as [AccountDto];
      expect(account.platform).toBe(platform);
      expect(account.accountName.length).toBeGreaterThan(0);
      expect(account.avatarUrl).toMatch(/^https?:\/\//);
      if (hasHandle) expect(account.accountHandle?.length).toBeGreaterThan(0);
      expect(account.status).toBe('active');
      expect(account.isSandbox).toBe(true);

      const row = await t.deps.db.selectFrom('socialAccounts').selectAll().executeTakeFirstOrThrow();
      const accessToken = t.deps.cipher.decrypt(row.accessToken);
      const listing = JSON.stringify(await (await get(user, '/api/accounts')).json());
      expect(listing).not.toContain(accessToken);
      expect(listing).not.toContain(row.accessToken);
      expect(listing).not.toContain('Token');
    },
  );

  it('lets the user choose among several Facebook Pages and stores one account per Page token', async () => {
    await freshApp();
    const user = await signedInUser();
    const first = await callback(user, 'facebook', await authorize(user, 'facebook'));
    const body = (await first.json()) as CallbackBody;
    expect(body.choosePages?.pages.length).toBeGreaterThan(1);
    expect(JSON.stringify(body)).not.toMatch(/access_?token/i);
    expect(await accountsOf(user)).toHaveLength(0);

    const pageIds = body.choosePages?.pages.map((p) => p.id) ?? [];
    const chosen = await t.request('/api/accounts/facebook/pages', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { selectionId: body.choosePages?.selectionId, pageIds },
    });
    expect(chosen.status).toBe(200);
    const accounts = await accountsOf(user);
    expect(accounts.map((a) => a.accountName).sort()).toEqual(
      body.choosePages?.pages.map((p) => p.name).sort(),
    );
    expect(accounts.every((a) => a.expiresAt === null)).toBe(true);

    // The selection is single use.
    const again = await t.request('/api/accounts/facebook/pages', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { selectionId: body.choosePages?.selectionId, pageIds },
    });
    expect(again.status).toBe(400);
  });

  it('reconnecting the same account updates it instead of adding a second one', async () => {
    await freshApp();
    const user = await signedInUser();
    await connect(user, 'twitter');
    const before = await t.deps.db.selectFrom('socialAccounts').selectAll().executeTakeFirstOrThrow();
    await connect(user, 'twitter');
    const rows = await t.deps.db.selectFrom('socialAccounts').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(before.id);
    expect(t.deps.cipher.decrypt(rows[0]?.accessToken ?? '')).not.toBe(
      t.deps.cipher.decrypt(before.accessToken),
    );
  });

  it('stores tokens encrypted: the database file holds no plaintext token', async () => {
    await freshApp();
    const user = await signedInUser();
    await connect(user, 'twitter');
    await connect(user, 'linkedin');
    const rows = await t.deps.db.selectFrom('socialAccounts').selectAll().execute();
    const secrets = rows.flatMap((r) =>
      [r.accessToken, r.refreshToken].filter((v): v is string => Boolean(v)),
    );
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    const bytes = (await storedBytes(t.deps.db, t.dataDir)).toString('latin1');
    for (const sealed of secrets) {
      const plain = t.deps.cipher.decrypt(sealed);
      expect(bytes).not.toContain(plain);
      expect(sealed).not.toContain(plain);
    }
  });

  it('answers the missing-parameters message without code or state', async () => {
    await freshApp();
    const user = await signedInUser();
    const res = await callback(user, 'twitter', { code: '', state: 'x' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Missing authorization parameters');
  });

  it('rejects a tampered Facebook state with "Invalid session state" and creates nothing', async () => {
    await freshApp();
    const user = await signedInUser();
    const { code, state } = await authorize(user, 'facebook');
    const [nonce, rest] = state.split('.') as [string, string];
    const res = await callback(user, 'facebook', { code, state: `${nonce}x.${rest}` });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Invalid session state');
    expect(await accountsOf(user)).toHaveLength(0);
  });

  it('rejects a tampered LinkedIn state with the state-mismatch message and creates nothing', async () => {
    await freshApp();
    const user = await signedInUser();
    const { code, state } = await authorize(user, 'linkedin');
    const res = await callback(user, 'linkedin', { code, state: `${state}A` });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(
      'State mismatch. Possible security issue.',
    );
    expect(await accountsOf(user)).toHaveLength(0);
  });

  it('rejects a replayed state: the second use creates nothing more', async () => {
    await freshApp();
    const user = await signedInUser();
    const params = await authorize(user, 'instagram');
    expect((await callback(user, 'instagram', params)).status).toBe(200);
    const replay = await callback(user, 'instagram', params);
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { message: string }).message).toBe('Invalid session state');
    expect(await accountsOf(user)).toHaveLength(1);
  });

  it("rejects a state started in another user's session", async () => {
    await freshApp();
    const alice = await signedInUser();
    const mallory = await signedInUser();
    const params = await authorize(alice, 'twitter');
    const res = await callback(mallory, 'twitter', params);
    expect(res.status).toBe(400);
    expect(await accountsOf(mallory)).toHaveLength(0);
    expect(await accountsOf(alice)).toHaveLength(0);
  });
});

describe('keeping tokens alive', () => {
  it('twenty concurrent uses of an expired token cause one refresh request', async () => {
    await freshApp();
    const user = await signedInUser();
    await connect(user, 'twitter');
    const [account] = (await accountsOf(user)) as [AccountDto];
    await expireEverywhere(account.id);
    const before = (await requestsTo('/api.x.com/2/oauth2/token')).length;

    const tokens = await Promise.all(
      Array.from({ length: 20 }, () => getValidAccessToken(t.deps, account.id)),
    );

    const after = await requestsTo('/api.x.com/2/oauth2/token');
    expect(after.length - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    const me = await fetch(`${sandbox.url}/api.x.com/2/users/me`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    expect(me.status).toBe(200);
  });

  it.each([
    ['twitter', '/api.x.com/2/oauth2/token'],
    ['tiktok', '/open.tiktokapis.com/v2/oauth/token/'],
  ] as const)(
    'stores the rotated %s refresh token and never sends the old one again',
    async (platform, tokenPath) => {
      await freshApp();
      const user = await signedInUser();
      await connect(user, platform);
      const [account] = (await accountsOf(user)) as [AccountDto];
      const first = await t.deps.db.selectFrom('socialAccounts').selectAll().executeTakeFirstOrThrow();
      const firstRefresh = t.deps.cipher.decrypt(first.refreshToken ?? '');

      await refreshAccountToken(t.deps, account.id);
      const second = await t.deps.db.selectFrom('socialAccounts').selectAll().executeTakeFirstOrThrow();
      const secondRefresh = t.deps.cipher.decrypt(second.refreshToken ?? '');
      expect(secondRefresh).not.toBe(firstRefresh);

      // The sandbox refuses a consumed refresh token: a second rotation only works with the new one.
      await refreshAccountToken(t.deps, account.id);
      const third = await t.deps.db.selectFrom('socialAccounts').selectAll().executeTakeFirstOrThrow();
      expect(third.status).toBe('active');
      expect(t.deps.cipher.decrypt(third.refreshToken ?? '')).not.toBe(secondRefresh);
      const refreshes = (await requestsTo(tokenPath)).slice(-2);
      expect(refreshes.map((r) => r.status)).toEqual([200, 200]);
    },
  );

  it('a failed refresh marks the account needs_reconnect and notifies the user', async () => {
    await freshApp();
    const user = await signedInUser();
    await connect(user, 'twitter');
    const [account] = (await accountsOf(user)) as [AccountDto];
    await t.deps.db
      .updateTable('socialAccounts')
      .set({ refreshToken: t.deps.cipher.encrypt('revoked-refresh-token') })
      .where('id', '=', account.id)
      .execute();
    await expireEverywhere(account.id);

    await expect(getValidAccessToken(t.deps, account.id)).rejects.toMatchObject({
      details: { action: 'reauthenticate' },
    });

    const [after] = (await accountsOf(user)) as [AccountDto];
    expect(after.status).toBe('needs_reconnect');
    expect(after.lastError).toBeTruthy();
    const notifications = await t.deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(notifications).toHaveLength(1);
    expect(notifications[0]?.type).toBe('account');
  });
});

describe('the token refresh job', () => {
  it('refreshes Instagram and Threads long-lived tokens once they are a day old', async () => {
    await freshApp();
    const user = await signedInUser();
    await connect(user, 'instagram');
    await connect(user, 'threads');
    const before = await t.deps.db.selectFrom('socialAccounts').selectAll().orderBy('platform').execute();

    expect(await runTokenRefreshJob(t.deps)).toMatchObject({ refreshed: 0, failed: 0 });

    const dayMs = 25 * 3_600_000;
    await control(sandbox, '/clock', { advanceMs: dayMs });
    expect(await runTokenRefreshJob(t.deps, Date.now() + dayMs)).toMatchObject({ refreshed: 2, failed: 0 });

    const after = await t.deps.db.selectFrom('socialAccounts').selectAll().orderBy('platform').execute();
    for (const [index, row] of after.entries()) {
      const old = before[index];
      expect(row.status).toBe('active');
      expect(t.deps.cipher.decrypt(row.accessToken)).not.toBe(t.deps.cipher.decrypt(old?.accessToken ?? ''));
      expect(row.tokenRefreshedAt).toBeGreaterThan(old?.tokenRefreshedAt ?? 0);
    }
  });

  it('warns once, 7 days ahead, that a LinkedIn account will need reconnecting', async () => {
    await freshApp();
    const user = await signedInUser();
    await connect(user, 'linkedin');
    const expiresAt = Date.UTC(2027, 0, 5, 12);
    const now = expiresAt - 6 * 86_400_000;
    await t.deps.db.updateTable('socialAccounts').set({ expiresAt }).execute();

    expect((await runTokenRefreshJob(t.deps, now)).warned).toBe(1);
    expect((await runTokenRefreshJob(t.deps, now + 60_000)).warned).toBe(0);

    const notifications = await t.deps.db.selectFrom('notifications').selectAll().execute();
    expect(notifications.map((n) => n.message)).toEqual([
      'Your LinkedIn account will need to be reconnected by January 5, 2027',
    ]);
  });
});

describe('platform availability', () => {
  it('shows platforms without credentials as unavailable when demo mode is off', async () => {
    await t?.close();
    t = await createTestApp({ DEMO_MODE: 'off', X_CLIENT_ID: 'x-id', X_CLIENT_SECRET: 'x-secret' });
    const user = await signedInUser();
    const res = await get(user, '/api/accounts/platforms');
    const { platforms } = (await res.json()) as { platforms: Array<{ id: string; mode: string }> };
    expect(platforms.find((p) => p.id === 'twitter')?.mode).toBe('real');
    expect(platforms.find((p) => p.id === 'tiktok')?.mode).toBe('unavailable');
    expect((await get(user, '/api/accounts/tiktok/connect')).status).toBe(503);

    const real = (await (await get(user, '/api/accounts/twitter/connect')).json()) as { url: string };
    const url = new URL(real.url);
    expect(url.origin + url.pathname).toBe('https://x.com/i/oauth2/authorize');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/twitter/callback');
    expect(url.searchParams.get('scope')).toBe(
      'tweet.read tweet.write users.read offline.access media.write',
    );
  });

  it('refuses the accounts API without a session', async () => {
    await freshApp();
    expect((await t.request('/api/accounts')).status).toBe(401);
    expect((await t.request('/api/accounts/twitter/connect')).status).toBe(401);
  });
});

describe('disconnecting', () => {
  it("answers 404 for another user's account and keeps it", async () => {
    await freshApp();
    const alice = await signedInUser();
    const mallory = await signedInUser();
    await connect(alice, 'linkedin');
    const [account] = (await accountsOf(alice)) as [AccountDto];
    const res = await t.request(`/api/accounts/${account.id}`, {
      method: 'DELETE',
      headers: { cookie: mallory.cookie },
    });
    expect(res.status).toBe(404);
    expect(await accountsOf(alice)).toHaveLength(1);
  });

  it('revokes the X grant, fails the scheduled posts with "Account disconnected" and removes the account', async () => {
    await freshApp();
    const user = await signedInUser();
    await connect(user, 'twitter');
    const [account] = (await accountsOf(user)) as [AccountDto];
    const now = Date.now();
    const postId = newId();
    await t.deps.db
      .insertInto('scheduledPosts')
      .values({
        id: postId,
        userId: user.id,
        socialAccountId: account.id,
        platform: 'twitter',
        content: 'hello',
        status: 'scheduled',
        isDraft: 0,
        scheduledAt: now + 3_600_000,
        postedAt: null,
        postType: 'text',
        media: '[]',
        tweets: null,
        metadata: '{}',
        platformPostId: null,
        platformPostUrl: null,
        errorMessage: null,
        leaseUntil: null,
        nextAttemptAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    const token = await getValidAccessToken(t.deps, account.id);

    const res = await t.request(`/api/accounts/${account.id}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie },
    });
    expect(res.status).toBe(200);

    expect(await accountsOf(user)).toHaveLength(0);
    const post = await t.deps.db
      .selectFrom('scheduledPosts')
      .selectAll()
      .where('id', '=', postId)
      .executeTakeFirst();
    expect(post?.status).toBe('failed');
    expect(post?.errorMessage).toBe('Account disconnected');
    expect((await requestsTo('/api.x.com/2/oauth2/revoke')).length).toBeGreaterThan(0);
    const me = await fetch(`${sandbox.url}/api.x.com/2/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);
  });
});
