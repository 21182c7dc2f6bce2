import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OidcProvider, startOidcProvider } from '../support/oidc-provider.js';
import { cookiesOf, createTestApp, type TestApp } from '../support/test-app.js';
import { signedInEmail, signUp } from './auth-helpers.js';

const CLIENT = { clientId: 'postloom-test-client', clientSecret: 'test-client-secret' };
let provider: OidcProvider;
let t: TestApp;

beforeEach(async () => {
  provider = await startOidcProvider(CLIENT);
  t = await createTestApp({
    GOOGLE_CLIENT_ID: CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
    GOOGLE_ISSUER: provider.issuer,
  });
});
afterEach(async () => {
  await t.close();
  await provider.close();
});

/** Start -> provider consent -> the web app's /auth/callback address with code and state. */
async function consent(remember = false) {
  const start = await t.request(`/api/auth/google/start?remember=${remember}`);
  expect(start.status).toBe(302);
  const bound = cookiesOf(start);
  const atProvider = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get('location') ?? '');
  return {
    callback,
    cookie: bound,
    code: callback.searchParams.get('code') ?? '',
    state: callback.searchParams.get('state') ?? '',
  };
}

async function finish(flow: { code: string; state: string; cookie: string }) {
  return t.request('/api/auth/google/callback', {
    method: 'POST',
    headers: { cookie: flow.cookie },
    json: { code: flow.code, state: flow.state, timezone: 'Asia/Tokyo', language: 'ja' },
  });
}

async function sessionUser(res: Response) {
  const me = await t.request('/api/auth/session', { headers: { cookie: cookiesOf(res) } });
  expect(me.status).toBe(200);
  return (await me.json()).user;
}

describe('Google sign-in', () => {
  it('sends the browser to the provider with PKCE S256, state, nonce and the /auth/callback address', async () => {
    const flow = await consent();
    const [request] = provider.authorizeRequests;
    expect(request).toMatchObject({
      clientId: CLIENT.clientId,
      redirectUri: 'http://localhost:3000/auth/callback',
      codeChallengeMethod: 'S256',
    });
    expect(request?.codeChallenge).toMatch(/^[\w-]{43}$/);
    expect(request?.nonce.length).toBeGreaterThan(20);
    expect(flow.callback.pathname).toBe('/auth/callback');
    const row = await t.deps.db.selectFrom('oauthStates').selectAll().executeTakeFirstOrThrow();
    expect(row.id).not.toBe(flow.state);
    expect(row.codeVerifier).toMatch(/^v1\./);
    expect(row.expiresAt - row.createdAt).toBe(10 * 60_000);
  });

  it('creates a confirmed user with the Google subject on first sign-in', async () => {
    const res = await finish(await consent());
    expect(res.status).toBe(200);
    const user = await sessionUser(res);
    expect(user).toMatchObject({
      email: 'ada@example.com',
      emailConfirmed: true,
      setupComplete: true,
      hasPassword: false,
      timezone: 'Asia/Tokyo',
    });
    const row = await t.deps.db.selectFrom('users').select('googleSub').executeTakeFirstOrThrow();
    expect(row.googleSub).toBe('google-sub-1');
  });

  it("an account pre-registered by a stranger loses the stranger's password and sessions when the owner signs in with Google", async () => {
    // The attacker signs up first with the victim's address and a password of their own.
    await signUp(t, 'ada@example.com', 'attacker-pass-1');
    const row = await t.deps.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row.emailConfirmedAt).toBeNull();
    const strangerSession = await t.deps.lucia.createSession(row.id, { remember: true, kind: 'token' });

    const res = await finish(await consent());
    expect(res.status).toBe(200);
    const owner = await sessionUser(res);
    expect(owner).toMatchObject({ id: row.id, emailConfirmed: true, hasPassword: false });

    // The stranger's password no longer signs in, and their session is gone.
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'ada@example.com', password: 'attacker-pass-1' },
    });
    expect(login.status).toBe(401);
    expect(await signedInEmail(t, { authorization: `Bearer ${strangerSession.id}` })).toBeNull();
    // The owner's own Google session is the one that works.
    expect(await signedInEmail(t, { cookie: cookiesOf(res) })).toBe('ada@example.com');
  });

  it('keeps the password of an account whose owner had confirmed the address', async () => {
    await signUp(t, 'ada@example.com', 'owner-pass-1');
    await t.deps.db.updateTable('users').set({ emailConfirmedAt: Date.now() }).execute();
    expect((await finish(await consent())).status).toBe(200);
    const login = await t.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'ada@example.com', password: 'owner-pass-1' },
    });
    expect(login.status).toBe(200);
  });

  it('signs into the existing user whose e-mail Google verified', async () => {
    await signUp(t, 'Ada@Example.com');
    const existing = await t.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const res = await finish(await consent());
    expect(res.status).toBe(200);
    const user = await sessionUser(res);
    expect(user.id).toBe(existing.id);
    expect(user.emailConfirmed).toBe(true);
    const count = await t.deps.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('keeps a 30-day cookie when remember me was ticked', async () => {
    const res = await finish(await consent(true));
    const line = res.headers.getSetCookie().find((c) => c.startsWith('postloom_session=')) ?? '';
    expect(line).toMatch(/Expires=/i);
  });

  it('refuses an unverified Google e-mail', async () => {
    provider.user = { sub: 'google-sub-2', email: 'eve@example.com', email_verified: false };
    const res = await finish(await consent());
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: 'oauth_error',
      message: 'Authentication failed. Please try again.',
    });
    expect(await t.deps.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
  });

  for (const [name, fault] of [
    ['a wrong nonce', { nonce: 'not-the-nonce' }],
    ['another audience', { audience: 'someone-else' }],
    ['another issuer', { issuer: 'https://evil.example' }],
    ['an expired id_token', { expiresInSeconds: -600 }],
  ] as const) {
    it(`refuses an id_token with ${name}`, async () => {
      provider.faults = fault;
      const res = await finish(await consent());
      expect(res.status).toBe(401);
      expect(await t.deps.db.selectFrom('users').selectAll().execute()).toHaveLength(0);
    });
  }

  it('uses a state once', async () => {
    const flow = await consent();
    expect((await finish(flow)).status).toBe(200);
    expect((await finish(flow)).status).toBe(401);
  });

  it('refuses an expired state', async () => {
    const flow = await consent();
    await t.deps.db
      .updateTable('oauthStates')
      .set({ expiresAt: Date.now() - 1 })
      .execute();
    expect((await finish(flow)).status).toBe(401);
  });

  it('refuses a callback from a browser that did not start the flow', async () => {
    const flow = await consent();
    const res = await finish({ ...flow, cookie: '' });
    expect(res.status).toBe(401);
  });

  it('answers not_configured when the client id or secret is missing', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.request('/api/auth/google/start');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        code: 'not_configured',
        message: 'Google sign-in is not configured on this server',
      });
      expect((await (await bare.request('/api/app-config')).json()).googleSignIn).toBe(false);
    } finally {
      await bare.close();
    }
  });
});
