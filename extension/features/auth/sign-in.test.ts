import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '../../../shared/http/api-error';
import { apiRequest } from '../../lib/api-client';
import { getAuth, getAuthNotice, saveAuth } from '../../lib/auth-store';
import { setServerUrl } from '../../lib/server-address';
import { type FakeApiServer, startFakeApiServer, UNAUTHORIZED } from '../../testing/fake-api-server';
import { signInWithPassword, signOut } from './sign-in';

vi.mock('wxt/browser', async () => ({ browser: (await import('wxt/testing/fake-browser')).fakeBrowser }));

const EXPIRED = 'Your session has expired. Please sign in again to continue.';
let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  fakeBrowser.reset();
  api.requests.length = 0;
  api.routes.clear();
  await setServerUrl(api.url);
});

const later = () => new Date(Date.now() + 86_400_000).toISOString();

describe('signing in and the stored token', () => {
  it('keeps the token from POST /api/auth/token in extension storage', async () => {
    api.routes.set('POST /api/auth/token', { status: 200, body: { token: 'tok-9', expiresAt: later() } });
    await signInWithPassword(' ann@example.com ', 'secret-1');
    expect(api.requests[0]?.body).toEqual({ email: 'ann@example.com', password: 'secret-1' });
    expect(api.requests[0]?.authorization).toBeNull();
    expect((await fakeBrowser.storage.local.get('auth')).auth).toMatchObject({
      token: 'tok-9',
      email: 'ann@example.com',
    });
  });

  it("shows the server's message for wrong credentials and keeps no token", async () => {
    api.routes.set('POST /api/auth/token', {
      status: 401,
      body: {
        code: 'invalid_credentials',
        message: 'The email or password you entered is incorrect. Please try again.',
      },
    });
    await expect(signInWithPassword('ann@example.com', 'nope')).rejects.toThrow(
      'The email or password you entered is incorrect. Please try again.',
    );
    expect(await getAuth()).toBeNull();
    // Wrong credentials are not an expired session.
    expect(await getAuthNotice()).toBeNull();
  });

  it('sends the user back to sign-in with the expiry message on any 401', async () => {
    await saveAuth({ token: 'revoked', expiresAt: later(), email: null });
    api.routes.set('GET /api/accounts', UNAUTHORIZED);
    await expect(apiRequest('/api/accounts')).rejects.toMatchObject({ status: 401, message: EXPIRED });
    expect(await getAuth()).toBeNull();
    expect(await getAuthNotice()).toBe(EXPIRED);
  });

  it('treats a token past its expiry as signed out without asking the server', async () => {
    await saveAuth({ token: 'old', expiresAt: new Date(Date.now() - 1000).toISOString(), email: null });
    await expect(apiRequest('/api/accounts')).rejects.toBeInstanceOf(ApiError);
    expect(api.requests).toHaveLength(0);
    expect(await getAuthNotice()).toBe(EXPIRED);
  });

  it('keeps other errors as the server worded them and stays signed in', async () => {
    await saveAuth({ token: 'tok', expiresAt: later(), email: null });
    api.routes.set('POST /api/posts', {
      status: 400,
      body: { code: 'validation_error', message: 'Instagram posts need media.' },
    });
    await expect(apiRequest('/api/posts', { body: {} })).rejects.toThrow('Instagram posts need media.');
    expect(await getAuth()).not.toBeNull();
  });

  it('signing out ends the session on the server and forgets the token', async () => {
    await saveAuth({ token: 'tok-out', expiresAt: later(), email: null });
    api.routes.set('POST /api/auth/logout', { status: 200, body: { ok: true } });
    await signOut();
    expect(api.requests.map((r) => [r.method, r.path, r.authorization])).toEqual([
      ['POST', '/api/auth/logout', 'Bearer tok-out'],
    ]);
    expect(await getAuth()).toBeNull();
    expect(await getAuthNotice()).toBeNull();
  });

  it('never puts the token in a storage a web page can read', async () => {
    api.routes.set('POST /api/auth/token', {
      status: 200,
      body: { token: 'tok-secret', expiresAt: later() },
    });
    await signInWithPassword('ann@example.com', 'secret-1');
    expect(JSON.stringify(await fakeBrowser.storage.sync.get())).not.toContain('tok-secret');
    expect(
      typeof globalThis.localStorage === 'undefined' ||
        !JSON.stringify(globalThis.localStorage).includes('tok-secret'),
    ).toBe(true);
  });
});
