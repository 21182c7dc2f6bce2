import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_ID } from '../../shared/extension/identity.js';
import { createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { signedInEmail } from './auth-helpers.js';

let t: TestApp;
let user: InProcessUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createSignedInUser(t, 'ext-owner@postloom.test');
});
afterAll(() => t.close());

async function mint(headers: Record<string, string>, extensionId = EXTENSION_ID) {
  return t.request('/api/auth/extension-token', { method: 'POST', headers, json: { extensionId } });
}

describe('POST /api/auth/extension-token (Sign in with the web app)', () => {
  it('gives the signed-in web app user a bearer token for their own account', async () => {
    const res = await mint({ cookie: user.cookie, origin: 'http://localhost:3000' });
    expect(res.status).toBe(201);
    const { token, expiresAt } = (await res.json()) as { token: string; expiresAt: string };
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const session = await t.request('/api/auth/session', { headers: { authorization: `Bearer ${token}` } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(
      'ext-owner@postloom.test',
    );
  });

  it('is a separate session: signing the extension out keeps the web app signed in', async () => {
    const { token } = (await (await mint({ cookie: user.cookie })).json()) as { token: string };
    await t.request('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(await signedInEmail(t, { authorization: `Bearer ${token}` })).toBeNull();
    expect(await signedInEmail(t, { cookie: user.cookie })).toBe('ext-owner@postloom.test');
  });

  it('refuses a request without a session', async () => {
    expect((await mint({})).status).toBe(401);
  });

  it('refuses a bearer token minting another one', async () => {
    const { token } = (await (await mint({ cookie: user.cookie })).json()) as { token: string };
    expect((await mint({ authorization: `Bearer ${token}` })).status).toBe(403);
  });

  it('a look-alike extension opening the connect page gets no token for the user', async () => {
    const res = await mint({ cookie: user.cookie }, 'abcdefghijklmnopabcdefghijklmnop');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toMatch(/not allowed to sign in/);
  });

  it('hands tokens to the ids the operator allows with EXTENSION_IDS', async () => {
    const store = 'ponmlkjihgfedcbaponmlkjihgfedcba';
    const custom = await createTestApp({ EXTENSION_IDS: `${EXTENSION_ID},${store}` });
    try {
      const owner = await createSignedInUser(custom);
      const res = await custom.request('/api/auth/extension-token', {
        method: 'POST',
        headers: { cookie: owner.cookie },
        json: { extensionId: store },
      });
      expect(res.status).toBe(201);
      const config = (await (await custom.request('/api/app-config')).json()) as { extensionIds: string[] };
      expect(config.extensionIds).toEqual([EXTENSION_ID, store]);
    } finally {
      await custom.close();
    }
  });

  it('refuses a cross-site page using the cookie (CSRF)', async () => {
    expect((await mint({ cookie: user.cookie, origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('POST /api/auth/token from the extension', () => {
  it('is not refused for its chrome-extension:// origin (no cookie is involved)', async () => {
    const res = await t.request('/api/auth/token', {
      method: 'POST',
      headers: { origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' },
      json: { email: 'nobody@postloom.test', password: 'wrong-pass-1' },
    });
    // Reaches the credentials check (wrong password) instead of the CSRF refusal.
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_credentials');
  });
});
