import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let user: InProcessUser;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read by the assertions.
type Json = Record<string, any>;

async function call(path: string, init: RequestInit & { json?: unknown } = {}, who = user) {
  const res = await t.request(path, { ...init, headers: { cookie: who.cookie, ...init.headers } });
  return { status: res.status, body: (await res.json()) as Json };
}

const create = (json: Record<string, unknown>, who = user) =>
  call('/api/webhooks', { method: 'POST', json: { events: ['post.published'], ...json } }, who);

describe('webhook endpoints', () => {
  beforeEach(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'on' });
    user = await createSignedInUser(t);
  });
  afterEach(() => t.close());

  it('creates an endpoint and shows its secret only in that answer, sealed at rest', async () => {
    const created = await create({
      url: 'http://127.0.0.1:9/hooks',
      description: 'CMS',
      events: ['post.failed'],
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.body.endpoint).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      description: 'CMS',
      events: ['post.failed'],
      enabled: true,
    });
    const listed = await call('/api/webhooks');
    expect(listed.body.endpoints).toHaveLength(1);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret.slice(6));
    const row = await t.deps.db.selectFrom('webhookEndpoints').selectAll().executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(created.body.secret.slice(6));
    expect(t.deps.cipher.decrypt(row.secret)).toBe(created.body.secret);
  });

  it('rotates the secret: a new one shown once, the old one kept 24 hours', async () => {
    const created = await create({ url: 'http://127.0.0.1:9/hooks' });
    const id = created.body.endpoint.id;
    const before = Date.now();
    const rotated = await call(`/api/webhooks/${id}/rotate-secret`, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(created.body.secret);
    const expires = Date.parse(rotated.body.endpoint.previousSecretExpiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(24 * 3_600_000 + 5000);
    const row = await t.deps.db.selectFrom('webhookEndpoints').selectAll().executeTakeFirstOrThrow();
    expect(t.deps.cipher.decrypt(row.previousSecret!)).toBe(created.body.secret);
  });

  it('edits, turns off and deletes an endpoint', async () => {
    const id = (await create({ url: 'http://127.0.0.1:9/a' })).body.endpoint.id;
    const edited = await call(`/api/webhooks/${id}`, {
      method: 'PATCH',
      json: { events: ['queue.emptied', 'analytics.updated'], enabled: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.endpoint).toMatchObject({
      events: ['queue.emptied', 'analytics.updated'],
      enabled: false,
    });
    expect((await call(`/api/webhooks/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await call('/api/webhooks')).body.endpoints).toEqual([]);
  });

  it('answers 404 for another user’s endpoint and its deliveries', async () => {
    const id = (await create({ url: 'http://127.0.0.1:9/a' })).body.endpoint.id;
    const other = await createSignedInUser(t);
    for (const [path, method] of [
      [`/api/webhooks/${id}`, 'DELETE'],
      [`/api/webhooks/${id}/rotate-secret`, 'POST'],
      [`/api/webhooks/${id}/deliveries`, 'GET'],
      [`/api/webhooks/${id}/test`, 'POST'],
    ] as const) {
      const res = await call(path, { method }, other);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    const patched = await call(`/api/webhooks/${id}`, { method: 'PATCH', json: { enabled: false } }, other);
    expect(patched.status).toBe(404);
    expect((await call('/api/webhooks', {}, other)).body.endpoints).toEqual([]);
    const test = await call(`/api/webhooks/${id}/test`, { method: 'POST' });
    const resend = await call(
      `/api/webhooks/${id}/deliveries/${test.body.delivery.id}/resend`,
      { method: 'POST' },
      other,
    );
    expect(resend.status).toBe(404);
  });

  it('puts the endpoints and their last 100 deliveries in "Download my data", never a secret', async () => {
    const first = await create({
      url: 'http://127.0.0.1:9/cms',
      description: 'CMS',
      events: ['post.failed'],
    });
    const firstId = first.body.endpoint.id;
    const rotated = await call(`/api/webhooks/${firstId}/rotate-secret`, { method: 'POST' });
    const off = await create({ url: 'http://127.0.0.1:9/off' });
    await call(`/api/webhooks/${off.body.endpoint.id}`, { method: 'PATCH', json: { enabled: false } });
    for (let i = 0; i < 102; i++) await call(`/api/webhooks/${firstId}/test`, { method: 'POST' });
    const other = await createSignedInUser(t);
    await create({ url: 'http://127.0.0.1:9/theirs' }, other);

    const res = await t.request('/api/settings/export', { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const text = new TextDecoder().decode(files['webhooks.json']);
    const exported = JSON.parse(text) as Json[];
    expect(exported.map((endpoint) => endpoint.url)).toEqual([
      'http://127.0.0.1:9/cms',
      'http://127.0.0.1:9/off',
    ]);
    expect(exported[0]).toMatchObject({
      id: firstId,
      description: 'CMS',
      events: ['post.failed'],
      enabled: true,
      disabledReason: null,
      createdAt: first.body.endpoint.createdAt,
    });
    expect(exported[1]).toMatchObject({ enabled: false, deliveries: [] });
    const deliveries = exported[0]!.deliveries as Json[];
    expect(deliveries).toHaveLength(100);
    expect(deliveries[0]).toMatchObject({
      eventType: 'webhook.test',
      status: 'pending',
      attemptCount: 0,
      payload: { type: 'webhook.test' },
    });
    const times = deliveries.map((delivery) => Date.parse(delivery.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Neither the first secret (still signing for 24 hours) nor the rotated one, in any file.
    const everything = Object.values(files)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    for (const secret of [first.body.secret, rotated.body.secret] as string[]) {
      expect(everything).not.toContain(secret.slice('whsec_'.length));
    }
    expect(everything).not.toMatch(/whsec_|"secret"|previousSecret/);
  });

  it('refuses bad input with a clear message', async () => {
    const noEvents = await create({ url: 'http://127.0.0.1:9/a', events: [] });
    expect(noEvents.status).toBe(400);
    expect(noEvents.body).toMatchObject({ code: 'validation_error', message: 'Choose at least one event.' });
    const unknown = await create({ url: 'http://127.0.0.1:9/a', events: ['post.deleted'] });
    expect(unknown.status).toBe(400);
    const notUrl = await create({ url: 'not an address' });
    expect(notUrl.body).toMatchObject({ code: 'validation_error', field: 'url' });
  });

  it('lists every route and the event payloads in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as Json;
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith('/api/webhooks'))
        .sort(),
    ).toEqual([
      '/api/webhooks',
      '/api/webhooks/{id}',
      '/api/webhooks/{id}/deliveries',
      '/api/webhooks/{id}/deliveries/{deliveryId}/resend',
      '/api/webhooks/{id}/rotate-secret',
      '/api/webhooks/{id}/test',
    ]);
    expect(doc.paths['/api/webhooks'].post.responses['201'].content['application/json'].schema).toBeTruthy();
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([
      'account.disconnected',
      'analytics.updated',
      'post.failed',
      'post.needs_attention',
      'post.published',
      'queue.emptied',
      'webhook.test',
    ]);
  });
});

describe('webhook targets', () => {
  afterEach(() => t.close());

  it('refuses loopback, private, link-local and metadata addresses, and plain http', async () => {
    t = await createTestApp();
    user = await createSignedInUser(t);
    const refused = [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://10.1.2.3/hooks',
      'https://192.168.0.10/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://100.64.0.1/hooks',
    ];
    for (const url of refused) {
      const res = await create({ url });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(
        'This address points to a private or local network and cannot receive webhooks.',
      );
    }
    for (const url of ['http://example.com/hooks', 'http://127.0.0.1:9/hooks', 'ftp://example.com/x']) {
      const res = await create({ url });
      expect(res.body, url).toMatchObject({ code: 'validation_error', field: 'url' });
      expect(res.body.message, url).toBe('Webhook addresses must use https://.');
    }
    const credentials = await create({ url: 'https://user:pass@example.com/hooks' });
    expect(credentials.body.message).toBe('Please enter a valid https:// address.');
    expect(await t.deps.db.selectFrom('webhookEndpoints').selectAll().execute()).toEqual([]);
  });

  it('allows http only to loopback when WEBHOOKS_ALLOW_LOOPBACK is on, never private networks', async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_LOOPBACK: 'on' });
    user = await createSignedInUser(t);
    expect((await create({ url: 'http://localhost:9/hooks' })).status).toBe(201);
    expect((await create({ url: 'http://[::1]:9/hooks' })).status).toBe(201);
    expect((await create({ url: 'https://10.0.0.1/hooks' })).status).toBe(400);
    expect((await create({ url: 'http://169.254.169.254/latest' })).status).toBe(400);
    expect((await create({ url: 'http://10.0.0.1/hooks' })).status).toBe(400);
  });
});
