import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markNeedsReconnect } from '../../server/accounts/account-tokens.js';
import { getAccountRowById } from '../../server/accounts/accounts.repository.js';
import { collectAnalytics } from '../../server/analytics/collect-analytics.js';
import { failMissedPosts } from '../../server/engine/recover-posts.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { claimDueDeliveries, pruneFinishedDeliveries } from '../../server/webhooks/delivery-transitions.js';
import { enqueueWebhookEvent } from '../../server/webhooks/enqueue-webhook-event.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { resetSandbox } from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let sandbox: RunningSandbox;
let t: TestApp;
let user: InProcessUser;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetSandbox(sandbox);
  t = await createTestApp({ SANDBOX_URL: sandbox.url, WEBHOOKS_ALLOW_LOOPBACK: 'on' });
  user = await createSignedInUser(t);
});
afterEach(async () => {
  await t.deps.engine.stop();
  await t.close();
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read by the assertions.
type Json = Record<string, any>;

async function call(path: string, method = 'GET', json?: unknown, who = user): Promise<Json> {
  const res = await t.request(path, { method, headers: { cookie: who.cookie }, json });
  const body = (await res.json()) as Json;
  expect(res.status, `${method} ${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

async function addEndpoint(events: string[], who = user): Promise<string> {
  return (await call('/api/webhooks', 'POST', { url: 'http://127.0.0.1:9/hooks', events }, who)).endpoint.id;
}

/** The events written to the outbox, oldest first, with their parsed payloads. */
async function outbox() {
  const rows = await t.deps.db.selectFrom('webhookDeliveries').selectAll().orderBy('createdAt').execute();
  return rows.map((row) => ({ ...row, body: JSON.parse(row.payload) as Json }));
}

describe('webhook events are written with the change they report', () => {
  it('account.disconnected: once, when the account first needs reconnecting', async () => {
    await addEndpoint(['account.disconnected']);
    const [accountId] = (await connectInProcess(t, user, 'twitter')) as [string];
    const row = (await getAccountRowById(t.deps.db, accountId))!;
    await markNeedsReconnect(t.deps, row, 'The token was revoked.');
    await markNeedsReconnect(t.deps, row, 'The token was revoked.');
    const events = await outbox();
    expect(events).toHaveLength(1);
    expect(events[0]!.body).toMatchObject({
      type: 'account.disconnected',
      data: { id: accountId, platform: 'twitter', status: 'needs_reconnect' },
    });
    expect(JSON.stringify(events[0]!.body)).not.toMatch(/accessToken|refreshToken/);
  });

  it('post.failed for a post missed while the server was down', async () => {
    await addEndpoint(['post.failed']);
    const [accountId] = await connectInProcess(t, user, 'twitter');
    const { post } = await call('/api/posts', 'POST', {
      socialAccountId: accountId,
      content: 'Missed',
      media: [],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ scheduledAt: Date.now() - 3 * 3_600_000 })
      .where('id', '=', post.id)
      .execute();
    expect(await failMissedPosts(t.deps, Date.now())).toBe(1);
    const [event] = await outbox();
    expect(event!.body).toMatchObject({ type: 'post.failed', data: { id: post.id, status: 'failed' } });
  });

  it('post.failed for the pending posts of an account the user disconnects', async () => {
    await addEndpoint(['post.failed']);
    const [accountId] = await connectInProcess(t, user, 'twitter');
    const { post } = await call('/api/posts', 'POST', {
      socialAccountId: accountId,
      content: 'Never sent',
      media: [],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await call(`/api/accounts/${accountId}`, 'DELETE');
    const events = await outbox();
    expect(events).toHaveLength(1);
    expect(events[0]!.body).toMatchObject({ type: 'post.failed', data: { id: post.id, status: 'failed' } });
  });

  it('queue.emptied when a one-time queue sends its last item', async () => {
    await addEndpoint(['queue.emptied']);
    const [accountId] = await connectInProcess(t, user, 'twitter');
    const { queue } = await call('/api/queues', 'POST', {
      name: 'Launch',
      isRepeatable: false,
      intervalHours: 1,
    });
    await call(`/api/queues/${queue.id}/items`, 'POST', { socialAccountId: accountId, content: 'First' });
    await call(`/api/queues/${queue.id}/items`, 'POST', { socialAccountId: accountId, content: 'Last' });
    await call(`/api/queues/${queue.id}/run`, 'POST');
    expect(await outbox()).toEqual([]);
    await call(`/api/queues/${queue.id}/run`, 'POST');
    const events = await outbox();
    expect(events).toHaveLength(1);
    expect(events[0]!.body).toMatchObject({ type: 'queue.emptied', data: { id: queue.id, name: 'Launch' } });
  });

  it("analytics.updated with the account's followers and its posts' numbers", async () => {
    await addEndpoint(['analytics.updated']);
    const [accountId] = await connectInProcess(t, user, 'twitter');
    const { post } = await call('/api/posts', 'POST', {
      socialAccountId: accountId,
      content: 'Counted',
      media: [],
      action: 'publish',
    });
    expect(post.status).toBe('posted');
    await collectAnalytics(t.deps, { userId: user.id });
    const events = (await outbox()).filter((event) => event.eventType === 'analytics.updated');
    expect(events).toHaveLength(1);
    expect(events[0]!.body.data).toMatchObject({ accountId, platform: 'twitter' });
    expect(events[0]!.body.data.posts.map((p: Json) => p.postId)).toEqual([post.id]);
  });

  it('writes nothing for endpoints not listening, turned off, or of another user', async () => {
    await addEndpoint(['post.failed']);
    const off = await addEndpoint(['post.published']);
    await call(`/api/webhooks/${off}`, 'PATCH', { enabled: false });
    const other = await createSignedInUser(t);
    await addEndpoint(['post.published'], other);
    const [accountId] = await connectInProcess(t, user, 'twitter');
    await call('/api/posts', 'POST', {
      socialAccountId: accountId,
      content: 'Quiet',
      media: [],
      action: 'publish',
    });
    expect(await outbox()).toEqual([]);
  });

  it('stores nothing when the change’s transaction rolls back, and refuses to run outside one', async () => {
    await addEndpoint(['post.published']);
    await expect(
      t.deps.db.transaction().execute(async (trx) => {
        await enqueueWebhookEvent(trx, user.id, 'post.published', { id: 'p1' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outbox()).toEqual([]);
    await expect(enqueueWebhookEvent(t.deps.db, user.id, 'post.published', { id: 'p1' })).rejects.toThrow(
      'needs the transaction',
    );
  });

  it('lets concurrent claims take different deliveries', async () => {
    await addEndpoint(['post.published']);
    await t.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 30; i += 1)
        await enqueueWebhookEvent(trx, user.id, 'post.published', { id: `p${i}` });
    });
    const now = Date.now() + 1;
    const claims = await Promise.all(
      Array.from({ length: 3 }, () => claimDueDeliveries(t.deps.db, { now, leaseMs: 30_000, limit: 20 })),
    );
    const ids = claims.flat().map((row) => row.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(await claimDueDeliveries(t.deps.db, { now, leaseMs: 30_000, limit: 20 })).toEqual([]);
  });

  it('prunes old finished deliveries and keeps every pending one', async () => {
    await addEndpoint(['post.published']);
    await t.deps.db.transaction().execute(async (trx) => {
      for (const id of ['old', 'waiting']) await enqueueWebhookEvent(trx, user.id, 'post.published', { id });
    });
    const [old, waiting] = await outbox();
    await t.deps.db
      .updateTable('webhookDeliveries')
      .set({ status: 'delivered', createdAt: 1000 })
      .where('id', '=', old!.id)
      .execute();
    await t.deps.db
      .updateTable('webhookDeliveries')
      .set({ createdAt: 1000 })
      .where('id', '=', waiting!.id)
      .execute();
    expect(await pruneFinishedDeliveries(t.deps.db, 2000)).toBe(1);
    expect((await outbox()).map((row) => row.id)).toEqual([waiting!.id]);
  });
});
