import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getAuth } from '../../lib/auth-store';
import { setServerUrl } from '../../lib/server-address';
import { type FakeApiServer, startFakeApiServer, UNAUTHORIZED } from '../../testing/fake-api-server';
import { acceptExternalToken } from './external-token';

vi.mock('wxt/browser', async () => ({ browser: (await import('wxt/testing/fake-browser')).fakeBrowser }));

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
  api.routes.set('GET /api/auth/session', { status: 200, body: { user: { email: 'ann@example.com' } } });
});

const message = {
  type: 'postloom:connect',
  token: 'handed-over',
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
};

describe('a token handed over by the web app', () => {
  it('is kept when it comes from the configured server and the server confirms it', async () => {
    const reply = await acceptExternalToken(message, {
      origin: api.url,
      url: `${api.url}/extension/connect`,
    });
    expect(reply).toEqual({ ok: true, email: 'ann@example.com' });
    expect(api.requests[0]?.authorization).toBe('Bearer handed-over');
    expect(await getAuth()).toMatchObject({ token: 'handed-over', email: 'ann@example.com' });
  });

  it('is refused from any other origin, without asking the server', async () => {
    for (const sender of [
      { origin: 'https://evil.example', url: 'https://evil.example/x' },
      { url: `${api.url.replace('127.0.0.1', 'localhost')}/extension/connect` },
      { origin: `${api.url}0` },
      {},
    ]) {
      const reply = await acceptExternalToken(message, sender);
      expect(reply.ok, JSON.stringify(sender)).toBe(false);
    }
    expect(api.requests).toHaveLength(0);
    expect(await getAuth()).toBeNull();
  });

  it('falls back to the sender URL when no origin is given', async () => {
    const reply = await acceptExternalToken(message, { url: `${api.url}/extension/connect?x=1` });
    expect(reply.ok).toBe(true);
  });

  it('is refused when the server does not know the token', async () => {
    api.routes.set('GET /api/auth/session', { status: 200, body: { user: null } });
    const reply = await acceptExternalToken(message, { origin: api.url });
    expect(reply).toEqual({
      ok: false,
      error: 'The server did not accept this sign-in. Please connect the extension again.',
    });
    expect(await getAuth()).toBeNull();
  });

  it('is refused by an older server that answers 401 for an unknown token', async () => {
    api.routes.set('GET /api/auth/session', UNAUTHORIZED);
    const reply = await acceptExternalToken(message, { origin: api.url });
    expect(reply.ok).toBe(false);
    expect(await getAuth()).toBeNull();
  });

  it('ignores messages of another shape', async () => {
    for (const bad of [
      null,
      'token',
      { type: 'postloom:connect' },
      { type: 'other', token: 'x', expiresAt: '' },
    ]) {
      expect((await acceptExternalToken(bad, { origin: api.url })).ok).toBe(false);
    }
    expect(await getAuth()).toBeNull();
  });
});
