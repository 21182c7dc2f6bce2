import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingStatus } from '../../shared/billing/billing.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createUserAged, insertSubscription, postWebhook } from './billing-support.js';

describe('with BILLING=off (the default, self-hosting)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('no route answers 402, even for a user whose trial and subscription ended long ago', async () => {
    const user = await createUserAged(t, 400);
    await insertSubscription(t, user.id, {
      status: 'expired',
      currentPeriodEnd: Date.now() - 300 * 86_400_000,
    });
    const routes = t.app.routes.filter((route) => route.path.startsWith('/api/') && route.method !== 'ALL');
    expect(routes.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    for (const route of routes) {
      const path = route.path.replace(/:\w+/g, 'x').replace(/\*$/, 'x');
      const key = `${route.method} ${path}`;
      // The event stream never ends; signing out would turn every later answer into a 401.
      if (seen.has(key) || path === '/api/events' || path === '/api/auth/logout') continue;
      seen.add(key);
      const res = await t.request(path, {
        method: route.method,
        headers: user.headers,
        ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { json: {} }),
      });
      expect(res.status, key).not.toBe(402);
    }
    const me = await t.request('/api/auth/session', { headers: user.headers });
    expect(((await me.json()) as { user: { id: string } | null }).user?.id).toBe(user.id);
    expect((await t.request('/api/posts?view=upcoming', { headers: user.headers })).status).toBe(200);
  });

  it('tells the web app billing is off and reports free access', async () => {
    const user = await createUserAged(t, 400);
    const config = await (await t.request('/api/app-config')).json();
    expect(config).toMatchObject({ billing: false });
    const status = (await (
      await t.request('/api/billing/status', { headers: user.headers })
    ).json()) as BillingStatus;
    expect(status).toEqual({
      enabled: false,
      access: {
        allowed: true,
        state: 'free',
        message: null,
        trialEndsAt: null,
        trialDaysLeft: null,
        endsAt: null,
      },
      subscription: null,
    });
  });

  it('has no checkout and no webhook', async () => {
    const user = await createUserAged(t, 1);
    const checkout = await t.request('/api/billing/checkout', { method: 'POST', headers: user.headers });
    expect(checkout.status).toBe(503);
    const webhook = await postWebhook(t, 'subscription_created', {
      data: { type: 'subscriptions', id: '1' },
    });
    expect(webhook.status).toBe(404);
  });
});
