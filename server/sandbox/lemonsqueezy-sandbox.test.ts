import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from './sandbox-server.js';
import { control } from './sandbox-testing.js';

interface Received {
  event: string | undefined;
  signature: string | undefined;
  body: string;
}

let sandbox: RunningSandbox;
let receiver: http.Server;
let receiverUrl: string;
let received: Received[] = [];
let answerStatus = 200;
const SECRET = 'receiver-secret';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({
        event: req.headers['x-event-name'] as string | undefined,
        signature: req.headers['x-signature'] as string | undefined,
        body,
      });
      res.statusCode = answerStatus;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await sandbox.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(async () => {
  await control(sandbox, '/reset', {});
  received = [];
  answerStatus = 200;
});

function api(path: string, init: { method?: string; body?: unknown; key?: string | null } = {}) {
  const key = init.key === undefined ? 'sandbox-key' : init.key;
  return fetch(`${sandbox.url}/api.lemonsqueezy.com/v1${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      accept: 'application/vnd.api+json',
      'content-type': 'application/vnd.api+json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
}

async function registerWebhook(secret = SECRET) {
  return api('/webhooks', {
    body: {
      data: {
        type: 'webhooks',
        attributes: { url: receiverUrl, events: ['subscription_created', 'subscription_cancelled'], secret },
        relationships: { store: { data: { type: 'stores', id: '7' } } },
      },
    },
  });
}

async function createCheckout(custom: Record<string, string> = { user_id: 'u-1' }) {
  const res = await api('/checkouts', {
    body: {
      data: {
        type: 'checkouts',
        attributes: {
          checkout_data: { email: 'buyer@example.com', custom },
          product_options: { redirect_url: 'http://localhost:3000/subscription/success' },
        },
        relationships: {
          store: { data: { type: 'stores', id: '7' } },
          variant: { data: { type: 'variants', id: '42' } },
        },
      },
    },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string; attributes: { url: string } } }).data;
}

function sandboxUrlOf(url: string): string {
  const parsed = new URL(url);
  return `${sandbox.url}/${parsed.host}${parsed.pathname}${parsed.search}`;
}

async function pay(checkoutUrl: string, card = '4242424242424242') {
  return fetch(sandboxUrlOf(checkoutUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'buyer@example.com', name: 'Dana Buyer', card }),
  });
}

describe('the Lemon Squeezy sandbox', () => {
  it('answers 401 in JSON:API form without an API key', async () => {
    const res = await api('/checkouts', { key: null, body: { data: {} } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ errors: [{ status: '401', title: 'Unauthorized' }] });
  });

  it('validates checkouts: store and variant relationships, e-mail and redirect URL', async () => {
    const missing = await api('/checkouts', { body: { data: { type: 'checkouts', attributes: {} } } });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toMatchObject({
      errors: [{ source: { pointer: '/data/relationships/store' } }],
    });
    const badUrl = await api('/checkouts', {
      body: {
        data: {
          type: 'checkouts',
          attributes: { product_options: { redirect_url: 'javascript:alert(1)' } },
          relationships: { store: { data: { id: '1' } }, variant: { data: { id: '1' } } },
        },
      },
    });
    expect(badUrl.status).toBe(422);
  });

  it('hands out a signed checkout URL on the store host and refuses a forged signature', async () => {
    const checkout = await createCheckout();
    const url = new URL(checkout.attributes.url);
    expect(url.origin).toBe('https://postloom.lemonsqueezy.com');
    expect(url.pathname).toBe(`/checkout/custom/${checkout.id}`);
    const page = await fetch(sandboxUrlOf(checkout.attributes.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay $15.00');
    url.searchParams.set('signature', 'f'.repeat(64));
    expect((await fetch(sandboxUrlOf(url.toString()))).status).toBe(404);
  });

  it('keeps webhook secrets to itself and checks their length', async () => {
    expect((await registerWebhook('short')).status).toBe(422);
    expect((await registerWebhook()).status).toBe(201);
    const list = await (await api('/webhooks?filter[store_id]=7')).text();
    expect(list).toContain(receiverUrl);
    expect(list).not.toContain(SECRET);
  });

  it('pays, then sends order_created, subscription_created and payment_success signed with the secret', async () => {
    await api('/webhooks', {
      body: {
        data: {
          type: 'webhooks',
          attributes: {
            url: receiverUrl,
            events: ['order_created', 'subscription_created', 'subscription_payment_success'],
            secret: SECRET,
          },
          relationships: { store: { data: { type: 'stores', id: '7' } } },
        },
      },
    });
    const checkout = await createCheckout({ user_id: 'user-42' });
    const paid = await pay(checkout.attributes.url);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('http://localhost:3000/subscription/success');
    expect(received.map((r) => r.event)).toEqual([
      'order_created',
      'subscription_created',
      'subscription_payment_success',
    ]);
    for (const delivery of received) {
      const expected = crypto.createHmac('sha256', SECRET).update(delivery.body).digest('hex');
      expect(delivery.signature).toBe(expected);
      expect(JSON.parse(delivery.body).meta).toMatchObject({
        custom_data: { user_id: 'user-42' },
        test_mode: true,
      });
    }
    const created = JSON.parse(received[1]?.body ?? '{}');
    expect(created.data).toMatchObject({
      type: 'subscriptions',
      attributes: { status: 'active', card_last_four: '4242' },
    });
    // A paid checkout cannot be paid twice.
    expect(await (await fetch(sandboxUrlOf(checkout.attributes.url))).text()).toContain(
      'This checkout has been paid.',
    );
  });

  it('records a failed delivery for a retry', async () => {
    await registerWebhook();
    answerStatus = 500;
    await pay((await createCheckout()).attributes.url);
    const { deliveries } = (await (await control(sandbox, '/lemonsqueezy/deliveries')).json()) as {
      deliveries: Array<{ event: string; status: number; delivered: boolean; attempts: number }>;
    };
    expect(deliveries).toMatchObject([
      { event: 'subscription_created', status: 500, delivered: false, attempts: 1 },
    ]);
  });

  it('cancels into the grace period and resumes', async () => {
    await registerWebhook();
    await pay((await createCheckout()).attributes.url);
    const subscription = JSON.parse(received[0]?.body ?? '{}').data as {
      id: string;
      attributes: { renews_at: string };
    };
    const cancelled = await api(`/subscriptions/${subscription.id}`, { method: 'DELETE' });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).data.attributes).toMatchObject({
      status: 'cancelled',
      cancelled: true,
      ends_at: subscription.attributes.renews_at,
    });
    const resumed = await api(`/subscriptions/${subscription.id}`, {
      method: 'PATCH',
      body: { data: { type: 'subscriptions', id: subscription.id, attributes: { cancelled: false } } },
    });
    expect((await resumed.json()).data.attributes).toMatchObject({
      status: 'active',
      cancelled: false,
      ends_at: null,
    });
    expect((await api('/subscriptions/123', { method: 'DELETE' })).status).toBe(404);
  });
});
