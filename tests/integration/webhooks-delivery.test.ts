import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { saveNotificationPreferences } from '../../server/notifications/notification-preferences.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { startWebhookWorker, type WebhookWorker } from '../../server/webhooks/webhook-worker.js';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '../../shared/settings/notification-preferences.js';
import { MAX_WEBHOOK_ATTEMPTS } from '../../shared/webhooks/retry-schedule.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { resetSandbox } from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

let sandbox: RunningSandbox;
let t: TestApp;
let user: InProcessUser;
let receiver: WebhookReceiver;
let worker: WebhookWorker;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 20 });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  await resetSandbox(sandbox);
  // The real schedule, every wait shortened ten thousand times: 0.5 ms, 30 ms, 180 ms, 0.7 s,
  // 1.8 s, 3.6 s and 5 s.
  t = await createTestApp({
    SANDBOX_URL: sandbox.url,
    WEBHOOKS_ALLOW_LOOPBACK: 'on',
    WEBHOOK_RETRY_SCALE: '0.0001',
  });
  user = await createSignedInUser(t);
  receiver = await startWebhookReceiver();
  worker = startWebhookWorker(t.deps, { pollMs: 20 });
});
afterEach(async () => {
  await worker.stop();
  await receiver.close();
  await t.deps.engine.stop();
  await t.close();
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read by the assertions.
type Json = Record<string, any>;

async function call(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Json> {
  const res = await t.request(path, { ...init, headers: { cookie: user.cookie, ...init.headers } });
  const body = (await res.json()) as Json;
  expect(res.status, `${path}: ${JSON.stringify(body)}`).toBeLessThan(300);
  return body;
}

async function addEndpoint(events: string[] = ['post.published']) {
  const created = await call('/api/webhooks', { method: 'POST', json: { url: receiver.url, events } });
  receiver.secrets = [created.secret];
  return created as { endpoint: { id: string }; secret: string };
}

async function deliveries(endpointId: string): Promise<Json[]> {
  return (await call(`/api/webhooks/${endpointId}/deliveries`)).deliveries;
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('webhook deliveries', () => {
  it('delivers post.published, signed so a Standard Webhooks receiver verifies it', async () => {
    const { endpoint, secret } = await addEndpoint(['post.published', 'post.failed']);
    const [accountId] = await connectInProcess(t, user, 'twitter');
    const post = await call('/api/posts', {
      method: 'POST',
      json: { socialAccountId: accountId, content: 'Hello from a webhook test', media: [], action: 'draft' },
    });
    const published = await call(`/api/posts/${post.post.id}/publish`, { method: 'POST' });
    expect(published.post.status).toBe('posted');

    const [hook] = await receiver.waitFor(1);
    expect(hook!.verifiedWith).toEqual([secret]);
    expect(hook!.id).toMatch(/^msg_/);
    expect(hook!.payload).toMatchObject({
      type: 'post.published',
      data: { id: post.post.id, status: 'posted', content: 'Hello from a webhook test' },
    });
    expect(hook!.payload!.data.platformPostUrl).toContain('/status/');
    const [delivery] = await waitUntil(
      () => deliveries(endpoint.id),
      (list) => list[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ eventType: 'post.published', attemptCount: 1, lastStatusCode: 204 });
    expect(delivery!.lastDurationMs).toBeGreaterThanOrEqual(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('retries after the receiver answers 500 twice, with the same webhook-id', async () => {
    const { endpoint } = await addEndpoint();
    receiver.answers = [500, 500];
    await call(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    const received = await receiver.waitFor(3);
    expect(received.map((hook) => hook.answered)).toEqual([500, 500, 204]);
    expect(new Set(received.map((hook) => hook.id)).size).toBe(1);
    expect(received.every((hook) => hook.verifiedWith.length === 1)).toBe(true);
    expect(received[0]!.payload!.type).toBe('webhook.test');
    const [delivery] = await waitUntil(
      () => deliveries(endpoint.id),
      (list) => list[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ attemptCount: 3, lastStatusCode: 204, lastError: null });
  });

  it('turns the endpoint off after the last failed retry and tells the user in the app and by e-mail', async () => {
    const email = `${user.id}@postloom.test`;
    await t.deps.db.updateTable('users').set({ email }).where('id', '=', user.id).execute();
    await saveNotificationPreferences(t.deps.db, user.id, {
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      posts: { email: true, push: false },
    });
    const { endpoint } = await addEndpoint();
    receiver.answers = Array(MAX_WEBHOOK_ATTEMPTS).fill(500);
    await call(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    await receiver.waitFor(MAX_WEBHOOK_ATTEMPTS, 40_000);
    const listed = await waitUntil(
      () => call('/api/webhooks'),
      (body) => body.endpoints[0].enabled === false,
    );
    expect(listed.endpoints[0].disabledReason).toBe('Turned off after a delivery failed at every retry.');
    const [delivery] = await deliveries(endpoint.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attemptCount: MAX_WEBHOOK_ATTEMPTS,
      lastStatusCode: 500,
    });
    const notification = await waitUntil(
      () => t.deps.db.selectFrom('notifications').selectAll().where('userId', '=', user.id).execute(),
      (rows) => rows.length > 0,
    );
    expect(notification[0]).toMatchObject({ type: 'system', title: 'Webhook endpoint turned off' });
    expect(notification[0]!.message).toContain(receiver.url);
    const mail = await waitUntil(
      () => t.deps.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', email).execute(),
      (rows) => rows.length > 0,
    );
    expect(mail).toHaveLength(1);
    // Nothing more is sent to a disabled endpoint, not even a new event.
    await call(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received).toHaveLength(MAX_WEBHOOK_ATTEMPTS);
  }, 60_000);

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { endpoint, secret: oldSecret } = await addEndpoint();
    const { secret: newSecret } = await call(`/api/webhooks/${endpoint.id}/rotate-secret`, {
      method: 'POST',
    });
    receiver.secrets = [oldSecret, newSecret];
    await call(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    const [both] = await receiver.waitFor(1);
    expect(both!.verifiedWith).toEqual([oldSecret, newSecret]);
    expect(both!.signature.split(' ')).toHaveLength(2);

    // A day later the old secret has stopped signing.
    await t.deps.db
      .updateTable('webhookEndpoints')
      .set({ previousSecretExpiresAt: Date.now() - 1 })
      .where('id', '=', endpoint.id)
      .execute();
    await call(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    const [, after] = await receiver.waitFor(2);
    expect(after!.verifiedWith).toEqual([newSecret]);
    expect(after!.signature.split(' ')).toHaveLength(1);
  });

  it('resends a delivery with the same webhook-id and body', async () => {
    const { endpoint } = await addEndpoint();
    const test = await call(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    await receiver.waitFor(1);
    const resent = await call(`/api/webhooks/${endpoint.id}/deliveries/${test.delivery.id}/resend`, {
      method: 'POST',
    });
    expect(resent.delivery.id).not.toBe(test.delivery.id);
    const [first, second] = await receiver.waitFor(2);
    expect(second!.id).toBe(first!.id);
    expect(second!.body).toBe(first!.body);
    const listed = await waitUntil(
      () => deliveries(endpoint.id),
      (list) => list.every((delivery) => delivery.status === 'delivered'),
    );
    expect(listed.map((delivery) => delivery.id)).toEqual([resent.delivery.id, test.delivery.id]);
  });

  it('never follows a redirect: it is a failed attempt, retried at the same address', async () => {
    const { endpoint } = await addEndpoint();
    receiver.answers = [307];
    await call(`/api/webhooks/${endpoint.id}/test`, { method: 'POST' });
    const received = await receiver.waitFor(2);
    expect(received.map((hook) => hook.answered)).toEqual([307, 204]);
    const [delivery] = await waitUntil(
      () => deliveries(endpoint.id),
      (list) => list[0]?.status === 'delivered',
    );
    expect(delivery!.attemptCount).toBe(2);
  });
});
