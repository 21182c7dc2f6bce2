import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_DEFAULT_EMAIL, googleSubject } from '../../server/sandbox/platforms/google.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { cookiesOf, createTestApp, type TestApp } from '../support/test-app.js';

let sandbox: RunningSandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true });
  t = await createTestApp({
    GOOGLE_CLIENT_ID: 'postloom-google-client',
    GOOGLE_CLIENT_SECRET: 'postloom-google-secret',
    GOOGLE_ISSUER: `${sandbox.url}/accounts.google.com`,
  });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

describe('Google sign-in against the platform sandbox', () => {
  it('signs a new user in through the emulated Google consent and RS256 id_token', async () => {
    const start = await t.request('/api/auth/google/start');
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.href.startsWith(`${sandbox.url}/accounts.google.com/`)).toBe(true);

    const consent = await fetch(authorize, { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe('http://localhost:3000/auth/callback');

    const res = await t.request('/api/auth/google/callback', {
      method: 'POST',
      headers: { cookie: cookiesOf(start) },
      json: { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const me = await t.request('/api/auth/session', { headers: { cookie: cookiesOf(res) } });
    const { user } = await me.json();
    expect(user).toMatchObject({ email: GOOGLE_DEFAULT_EMAIL, emailConfirmed: true, hasPassword: false });
    const row = await t.deps.db.selectFrom('users').select('googleSub').executeTakeFirstOrThrow();
    expect(row.googleSub).toBe(googleSubject(GOOGLE_DEFAULT_EMAIL));
  });

  it('refuses the same code and state a second time', async () => {
    const start = await t.request('/api/auth/google/start');
    const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const body = { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') };
    const headers = { cookie: cookiesOf(start) };
    expect(
      (await t.request('/api/auth/google/callback', { method: 'POST', headers, json: body })).status,
    ).toBe(200);
    expect(
      (await t.request('/api/auth/google/callback', { method: 'POST', headers, json: body })).status,
    ).toBe(401);
  });
});
