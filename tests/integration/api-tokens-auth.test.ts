import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperationScopes, scopeForOperation } from '../../server/api-tokens/route-scopes.js';
import { API_SCOPES, type ApiScope, type ApiTokenList } from '../../shared/api-tokens/api-tokens.js';
import { createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { bearer, concretePath, createToken, WEB_ORIGIN } from './api-tokens-support.js';

let t: TestApp;
let user: InProcessUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createSignedInUser(t, 'api-owner@postloom.test');
});
afterAll(() => t.close());

async function listTokens(cookie = user.cookie) {
  const res = await t.request('/api/api-tokens', { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as ApiTokenList).tokens;
}

describe('Settings > API tokens', () => {
  it('shows a pl_ token once, keeps only its hash and lists it with its scopes', async () => {
    const created = await createToken(t, user.cookie, ['posts:read', 'posts:write'], { name: 'CMS' });
    expect(created.token).toMatch(/^pl_[\w-]{43}$/);
    expect(created.expiresAt).toBeNull();
    const stored = await t.deps.db.selectFrom('apiTokens').selectAll().where('id', '=', created.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(created.token);
    const listed = (await listTokens()).find((token) => token.id === created.id);
    expect(listed).toMatchObject({ name: 'CMS', scopes: ['posts:read', 'posts:write'], lastUsedAt: null });
    expect(listed).not.toHaveProperty('token');
    expect(listed?.hint).toBe(created.token.slice(-4));
  });

  it('records when a token was last used', async () => {
    const created = await createToken(t, user.cookie, ['posts:read']);
    expect((await t.request('/api/posts', { headers: bearer(created.token) })).status).toBe(200);
    const listed = (await listTokens()).find((token) => token.id === created.id);
    expect(Date.parse(listed?.lastUsedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('sets the expiry the user chose', async () => {
    const created = await createToken(t, user.cookie, ['posts:read'], { expiresIn: '90d' });
    const days = (Date.parse(created.expiresAt ?? '') - Date.parse(created.createdAt)) / 86_400_000;
    expect(days).toBe(90);
  });

  it('refuses a name-less token and an unknown scope with a clear message', async () => {
    const headers = { cookie: user.cookie, origin: WEB_ORIGIN };
    const noName = await t.request('/api/api-tokens', {
      method: 'POST',
      headers,
      json: { name: ' ', scopes: ['posts:read'], expiresIn: 'never' },
    });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ field: 'name', message: 'Please give the token a name' });
    const badScope = await t.request('/api/api-tokens', {
      method: 'POST',
      headers,
      json: { name: 'x', scopes: ['admin'], expiresIn: 'never' },
    });
    expect(badScope.status).toBe(400);
  });

  it('never lets a token (API or extension) manage tokens', async () => {
    const { token } = await createToken(t, user.cookie, [...API_SCOPES]);
    for (const [method, path] of [
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
    ] as const) {
      const res = await t.request(path, {
        method,
        headers: bearer(token),
        json: method === 'POST' ? { name: 'x', scopes: ['posts:read'], expiresIn: 'never' } : undefined,
      });
      expect(res.status).toBe(403);
    }
    const extension = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'token' });
    expect((await t.request('/api/api-tokens', { headers: bearer(extension.id) })).status).toBe(403);
  });

  it('revokes at once: the next request with the token is not authenticated', async () => {
    const created = await createToken(t, user.cookie, ['posts:read']);
    expect((await t.request('/api/posts', { headers: bearer(created.token) })).status).toBe(200);
    const res = await t.request(`/api/api-tokens/${created.id}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie, origin: WEB_ORIGIN },
    });
    expect(res.status).toBe(200);
    expect((await t.request('/api/posts', { headers: bearer(created.token) })).status).toBe(401);
    expect((await listTokens()).some((token) => token.id === created.id)).toBe(false);
  });

  it("answers 404 when revoking another user's token, which keeps working", async () => {
    const other = await createSignedInUser(t);
    const theirs = await createToken(t, other.cookie, ['posts:read']);
    const res = await t.request(`/api/api-tokens/${theirs.id}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie, origin: WEB_ORIGIN },
    });
    expect(res.status).toBe(404);
    expect((await t.request('/api/posts', { headers: bearer(theirs.token) })).status).toBe(200);
    expect((await listTokens()).some((token) => token.id === theirs.id)).toBe(false);
  });

  it('stops accepting a token once it has expired', async () => {
    const created = await createToken(t, user.cookie, ['posts:read'], { expiresIn: '30d' });
    expect((await t.request('/api/posts', { headers: bearer(created.token) })).status).toBe(200);
    // Thirty days pass.
    await t.deps.db
      .updateTable('apiTokens')
      .set({ expiresAt: Date.now() - 1 })
      .where('id', '=', created.id)
      .execute();
    const res = await t.request('/api/posts', { headers: bearer(created.token) });
    expect(res.status).toBe(401);
  });

  it('is a different thing from an unknown pl_ token, which is simply not authenticated', async () => {
    const res = await t.request('/api/posts', { headers: bearer('pl_not-a-real-token') });
    expect(res.status).toBe(401);
  });
});

describe('scopes', () => {
  const sample = (scope: ApiScope) => listOperationScopes().find((op) => op.scope === scope);

  for (const scope of API_SCOPES.filter((s) => sample(s))) {
    it(`refuses an operation needing ${scope} to a token without it, naming the scope`, async () => {
      const op = sample(scope)!;
      const { token } = await createToken(
        t,
        user.cookie,
        API_SCOPES.filter((s) => s !== scope),
      );
      const res = await t.request(concretePath(op.path), { method: op.method, headers: bearer(token) });
      expect(res.status).toBe(403);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('insufficient_scope');
      expect(body.message).toContain(`"${scope}"`);

      const allowed = await createToken(t, user.cookie, [scope]);
      const passes = await t.request(concretePath(op.path), {
        method: op.method,
        headers: bearer(allowed.token),
      });
      expect(passes.status).not.toBe(403);
    });
  }

  it('gives webhook endpoints webhooks:write', () => {
    expect(scopeForOperation('GET', '/api/webhooks')).toBe('webhooks:write');
    expect(scopeForOperation('POST', '/api/webhooks/{id}/test')).toBe('webhooks:write');
  });

  it('names a scope, or null, for every operation of the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const unmapped: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        if (scopeForOperation(method, path) === undefined) unmapped.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(unmapped).toEqual([]);
  });

  it('lets a token reach none of the excluded operations, whatever its scopes', async () => {
    const { token } = await createToken(t, user.cookie, [...API_SCOPES]);
    const excluded = listOperationScopes().filter((op) => op.scope === null);
    expect(excluded.length).toBeGreaterThan(40);
    const reached: string[] = [];
    for (const op of excluded) {
      const res = await t.request(concretePath(op.path), {
        method: op.method,
        headers: bearer(token),
        ...(op.method === 'GET' ? {} : { json: {} }),
      });
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      if (res.status !== 403 || body.code !== 'forbidden')
        reached.push(`${op.method} ${op.path}: ${res.status}`);
    }
    expect(reached).toEqual([]);
  });

  it('refuses a token an operation missing from the map', async () => {
    const other = await createTestApp();
    try {
      // Added before the first request builds the router; after the catch-all 404, so the guard
      // must refuse it before that answers.
      other.app.get('/api/zz-unmapped', (c) => c.json({ reached: true }));
      const owner = await createSignedInUser(other);
      const { token } = await createToken(other, owner.cookie, [...API_SCOPES]);
      const res = await other.request('/api/zz-unmapped', { headers: bearer(token) });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('forbidden');
    } finally {
      await other.close();
    }
  });

  it('leaves the web app session and the extension token unlimited by scopes', async () => {
    expect((await t.request('/api/settings/sessions', { headers: { cookie: user.cookie } })).status).toBe(
      200,
    );
    const extension = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'token' });
    expect((await t.request('/api/onboarding', { headers: bearer(extension.id) })).status).toBe(200);
  });
});
