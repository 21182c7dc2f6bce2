import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import { BILLING_MESSAGES, type BillingStatus } from '../../shared/billing/billing.js';
import { createServedTestApp, type ServedApp } from '../support/publishing-support.js';
import {
  type BillingUser,
  billingEnv,
  createUserAged,
  DAY,
  insertSubscription,
  lsSubscription,
  postWebhook,
  waitForDeliveries,
} from './billing-support.js';

let sandbox: RunningSandbox;
let t: ServedApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  t = await createServedTestApp(billingEnv(sandbox.url));
});

afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

async function status(user: BillingUser): Promise<BillingStatus> {
  const res = await t.request('/api/billing/status', { headers: user.headers });
  expect(res.status).toBe(200);
  return (await res.json()) as BillingStatus;
}

/** Submits the sandbox's hosted checkout form, as the Pay button does. */
function payAtCheckout(checkoutUrl: string, email: string, card: string) {
  return fetch(checkoutUrl, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name: 'Dana Buyer', card }),
  });
}

async function subscriptionRows(userId: string) {
  return t.deps.db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).execute();
}

describe('the subscription gate (spec 02 section 4) through the API', () => {
  const now = Date.now();
  const cases: Array<{
    name: string;
    ageDays: number;
    row?: Parameters<typeof insertSubscription>[2];
    allowed: boolean;
    message?: string;
  }> = [
    { name: 'no record, signed up today (the 7-day trial)', ageDays: 0, allowed: true },
    { name: 'no record, signed up 6 days ago', ageDays: 6, allowed: true },
    {
      name: 'no record, signed up 8 days ago (trial ended)',
      ageDays: 8,
      allowed: false,
      message: BILLING_MESSAGES.trialEnded,
    },
    {
      name: 'trialing with a future trial end',
      ageDays: 30,
      row: { status: 'trialing', trialEndDate: now + 3 * DAY, currentPeriodEnd: null },
      allowed: true,
    },
    {
      name: 'trialing whose trial has ended',
      ageDays: 30,
      row: { status: 'trialing', trialEndDate: now - DAY, currentPeriodEnd: null },
      allowed: false,
      message: BILLING_MESSAGES.trialEnded,
    },
    {
      name: 'active',
      ageDays: 30,
      row: { status: 'active', currentPeriodEnd: now + 10 * DAY },
      allowed: true,
    },
    {
      name: 'cancelled but the period is not over',
      ageDays: 30,
      row: { status: 'active', cancelAtPeriodEnd: 1, currentPeriodEnd: now + 2 * DAY },
      allowed: true,
    },
    {
      name: 'cancelled and the period is over (expiry webhook not here yet)',
      ageDays: 60,
      row: { status: 'active', cancelAtPeriodEnd: 1, currentPeriodEnd: now - DAY },
      allowed: false,
      message: BILLING_MESSAGES.subscribe,
    },
    {
      name: 'expired',
      ageDays: 60,
      row: { status: 'expired', cancelAtPeriodEnd: 1, currentPeriodEnd: now - 5 * DAY },
      allowed: false,
      message: BILLING_MESSAGES.subscribe,
    },
    {
      name: 'past due with a period end still ahead',
      ageDays: 60,
      row: { status: 'past_due', currentPeriodEnd: now + 2 * DAY },
      allowed: true,
    },
    {
      name: 'unpaid',
      ageDays: 60,
      row: { status: 'unpaid', currentPeriodEnd: null },
      allowed: false,
      message: BILLING_MESSAGES.subscribe,
    },
  ];

  for (const testCase of cases) {
    it(`${testCase.allowed ? 'lets in' : 'answers 402 for'}: ${testCase.name}`, async () => {
      const user = await createUserAged(t, testCase.ageDays);
      if (testCase.row) await insertSubscription(t, user.id, testCase.row);
      const res = await t.request('/api/posts?view=upcoming', { headers: user.headers });
      if (testCase.allowed) {
        expect(res.status).toBe(200);
      } else {
        expect(res.status).toBe(402);
        expect(await res.json()).toMatchObject({ code: 'subscription_required', message: testCase.message });
      }
      const { access } = await status(user);
      expect(access.allowed).toBe(testCase.allowed);
      if (!testCase.allowed) expect(access.message).toBe(testCase.message);
    });
  }

  it('counts the trial days left from sign-up, rounded up', async () => {
    const user = await createUserAged(t, 2.5);
    const { access } = await status(user);
    expect(access).toMatchObject({ allowed: true, state: 'trial', trialDaysLeft: 5 });
  });

  it('keeps sign-in, settings, billing, notifications and the account list reachable without access', async () => {
    const user = await createUserAged(t, 10);
    const open = [
      ['GET', '/api/auth/session'],
      ['GET', '/api/settings/preferences'],
      ['GET', '/api/billing/status'],
      ['GET', '/api/notifications'],
      ['GET', '/api/accounts'],
      ['GET', '/api/app-config'],
      ['GET', '/api/health'],
    ] as const;
    for (const [method, path] of open) {
      const res = await t.request(path, { method, headers: user.headers });
      expect(res.status, `${method} ${path}`).toBe(200);
    }
    const gated = [
      ['GET', '/api/posts?view=sent'],
      ['POST', '/api/posts'],
      ['GET', '/api/media'],
      ['GET', '/api/accounts/twitter/connect'],
      ['GET', '/api/accounts/some-id/creator-info'],
      ['POST', '/api/posts/some-id/publish'],
      ['GET', '/api/not-a-route-yet'],
    ] as const;
    for (const [method, path] of gated) {
      const res = await t.request(path, {
        method,
        headers: user.headers,
        ...(method === 'POST' ? { json: {} } : {}),
      });
      expect(res.status, `${method} ${path}`).toBe(402);
    }
  });

  it('leaves signed-out requests to the routes’ own 401', async () => {
    const res = await t.request('/api/posts?view=upcoming');
    expect(res.status).toBe(401);
  });
});

describe('the webhook', () => {
  it('refuses a wrong, missing or malformed signature with 401 and changes nothing', async () => {
    const user = await createUserAged(t, 10);
    const data = lsSubscription('90001', { status: 'active', updated_at: new Date().toISOString() });
    const meta = { custom_data: { user_id: user.id } };
    const before = await t.deps.db.selectFrom('billingWebhookEvents').select('id').execute();
    for (const options of [{ secret: 'not-the-secret' }, { signature: '' }, { signature: 'zz' }]) {
      const res = await postWebhook(t, 'subscription_created', { meta, data }, options);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        code: 'not_authenticated',
        message: BILLING_MESSAGES.invalidSignature,
      });
    }
    expect(await subscriptionRows(user.id)).toEqual([]);
    expect(await t.deps.db.selectFrom('billingWebhookEvents').select('id').execute()).toEqual(before);
    const res = await t.request('/api/posts?view=upcoming', { headers: user.headers });
    expect(res.status).toBe(402);
  });

  it('refuses a signed body that was changed on the way', async () => {
    const user = await createUserAged(t, 10);
    const data = lsSubscription('90002', { status: 'active', updated_at: new Date().toISOString() });
    const signed = await postWebhook(t, 'subscription_created', {
      meta: { custom_data: { user_id: 'x' } },
      data,
    });
    expect(signed.status).toBe(200);
    const raw = JSON.stringify({
      meta: { event_name: 'subscription_created', custom_data: { user_id: user.id } },
      data,
    });
    const res = await t.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'a'.repeat(64) },
      body: raw,
    });
    expect(res.status).toBe(401);
    expect(await subscriptionRows(user.id)).toEqual([]);
  });

  it('applies subscription_created for the user named in custom data', async () => {
    const user = await createUserAged(t, 10);
    const renews = new Date(Date.now() + 30 * DAY);
    const data = lsSubscription('90003', {
      status: 'active',
      renews_at: renews.toISOString(),
      updated_at: new Date().toISOString(),
    });
    const res = await postWebhook(t, 'subscription_created', {
      meta: { custom_data: { user_id: user.id } },
      data,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'applied' });
    const { access, subscription } = await status(user);
    expect(access).toMatchObject({ allowed: true, state: 'subscribed' });
    expect(subscription).toMatchObject({
      status: 'active',
      planName: 'Postloom Pro · Monthly',
      currentPeriodEnd: renews.toISOString(),
      cancelAtPeriodEnd: false,
      cardBrand: 'visa',
      cardLastFour: '4242',
      canCancel: true,
    });
    expect(JSON.stringify(subscription)).not.toContain('90003');
  });

  it('applies the same event once when it is delivered twice', async () => {
    const user = await createUserAged(t, 10);
    const updatedAt = new Date().toISOString();
    const created = {
      meta: { custom_data: { user_id: user.id } },
      data: lsSubscription('90004', { status: 'active', updated_at: updatedAt }),
    };
    expect(await (await postWebhook(t, 'subscription_created', created)).json()).toMatchObject({
      outcome: 'applied',
    });
    expect(await (await postWebhook(t, 'subscription_created', created)).json()).toMatchObject({
      outcome: 'duplicate',
    });

    // A failed renewal delivered twice: one status change and one notification, not two.
    const invoice = {
      data: {
        type: 'subscription-invoices',
        id: '7001',
        attributes: {
          store_id: 7,
          subscription_id: 90004,
          status: 'pending',
          updated_at: new Date().toISOString(),
        },
      },
    };
    const first = await postWebhook(t, 'subscription_payment_failed', invoice);
    const second = await postWebhook(t, 'subscription_payment_failed', invoice);
    expect(await first.json()).toMatchObject({ outcome: 'applied' });
    expect(await second.json()).toMatchObject({ outcome: 'duplicate' });
    const notifications = await t.deps.db
      .selectFrom('notifications')
      .select('title')
      .where('userId', '=', user.id)
      .execute();
    expect(notifications).toEqual([{ title: 'Payment failed' }]);
    expect((await subscriptionRows(user.id)).map((row) => row.status)).toEqual(['past_due']);
    const events = await t.deps.db
      .selectFrom('billingWebhookEvents')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(events).toHaveLength(2);
  });

  it('keeps the newest state when an older update arrives late', async () => {
    const user = await createUserAged(t, 10);
    const meta = { custom_data: { user_id: user.id } };
    const older = new Date(Date.now() - 60_000).toISOString();
    const newer = new Date().toISOString();
    const endsAt = new Date(Date.now() + 12 * DAY).toISOString();
    await postWebhook(t, 'subscription_cancelled', {
      meta,
      data: lsSubscription('90005', { status: 'cancelled', ends_at: endsAt, updated_at: newer }),
    });
    const late = await postWebhook(t, 'subscription_updated', {
      meta,
      data: lsSubscription('90005', { status: 'active', updated_at: older }),
    });
    expect(await late.json()).toMatchObject({ outcome: 'stale' });
    const { subscription } = await status(user);
    expect(subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: endsAt,
    });
  });

  it('follows resumed and expired events', async () => {
    const user = await createUserAged(t, 40);
    const meta = { custom_data: { user_id: user.id } };
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const endsAt = at(5 * DAY);
    await postWebhook(t, 'subscription_cancelled', {
      meta,
      data: lsSubscription('90006', { status: 'cancelled', ends_at: endsAt, updated_at: at(-3000) }),
    });
    expect((await status(user)).access).toMatchObject({ state: 'cancelling', endsAt });
    await postWebhook(t, 'subscription_resumed', {
      meta,
      data: lsSubscription('90006', { status: 'active', updated_at: at(-2000) }),
    });
    expect((await status(user)).access.state).toBe('subscribed');
    await postWebhook(t, 'subscription_expired', {
      meta,
      data: lsSubscription('90006', { status: 'expired', ends_at: at(-DAY), updated_at: at(-1000) }),
    });
    const after = await status(user);
    expect(after.access).toMatchObject({ allowed: false, message: BILLING_MESSAGES.subscribe });
    expect(after.subscription).toMatchObject({ status: 'expired', canCancel: false });
  });

  it('never gives a subscription to an unknown user or moves one between users', async () => {
    const owner = await createUserAged(t, 10);
    const other = await createUserAged(t, 10);
    const data = lsSubscription('90007', { status: 'active', updated_at: new Date().toISOString() });
    const unknown = await postWebhook(t, 'subscription_created', {
      meta: { custom_data: { user_id: 'nobody' } },
      data,
    });
    expect(await unknown.json()).toMatchObject({ outcome: 'unknown_user' });
    await postWebhook(t, 'subscription_updated', {
      meta: { custom_data: { user_id: owner.id } },
      data: lsSubscription('90007', {
        status: 'active',
        updated_at: new Date(Date.now() + 1000).toISOString(),
      }),
    });
    await postWebhook(t, 'subscription_updated', {
      meta: { custom_data: { user_id: other.id } },
      data: lsSubscription('90007', {
        status: 'active',
        updated_at: new Date(Date.now() + 2000).toISOString(),
      }),
    });
    expect(await subscriptionRows(owner.id)).toHaveLength(1);
    expect(await subscriptionRows(other.id)).toEqual([]);
  });

  it('answers 200 to signed events it does not use, and refuses bodies that are not events', async () => {
    const ignored = await postWebhook(t, 'order_created', {
      data: { type: 'orders', id: '1', attributes: {} },
    });
    expect(await ignored.json()).toEqual({ received: true, outcome: 'ignored' });
    const raw = 'not json';
    const { signWebhookBody } = await import('../../server/billing/webhook-signature.js');
    const res = await t.request('/api/billing/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': signWebhookBody(raw, 'test-webhook-secret'),
      },
      body: raw,
    });
    expect(res.status).toBe(400);
  });

  it('is exempt from the CSRF check while other routes keep it', async () => {
    const user = await createUserAged(t, 10);
    const foreign = { origin: 'https://evil.example' };
    const webhook = await postWebhook(
      t,
      'order_created',
      { data: { type: 'orders', id: '2', attributes: {} } },
      { headers: foreign },
    );
    expect(webhook.status).toBe(200);
    const session = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'cookie' });
    const checkout = await t.request('/api/billing/checkout', {
      method: 'POST',
      headers: { cookie: `postloom_session=${session.id}`, ...foreign },
    });
    expect(checkout.status).toBe(403);
  });

  it('refuses a body over 256 KB', async () => {
    const res = await t.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'a'.repeat(64) },
      body: JSON.stringify({ padding: 'x'.repeat(300 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});

describe('checkout, cancel and resume through the Lemon Squeezy sandbox', () => {
  it('subscribes through the hosted checkout, then cancels and resumes', async () => {
    const user = await createUserAged(t, 9);
    expect((await t.request('/api/posts?view=upcoming', { headers: user.headers })).status).toBe(402);

    const checkout = await t.request('/api/billing/checkout', { method: 'POST', headers: user.headers });
    expect(checkout.status).toBe(200);
    const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
    expect(checkoutUrl.startsWith(`${sandbox.url}/postloom.lemonsqueezy.com/checkout/custom/`)).toBe(true);

    const page = await fetch(checkoutUrl);
    const html = await page.text();
    expect(html).toContain('Pay $15.00');
    expect(html).toContain(user.email);
    const pay = await payAtCheckout(checkoutUrl, user.email, '4242 4242 4242 4242');
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`${t.url}/subscription/success`);

    // The sandbox delivered subscription_created (signed with the configured secret) before redirecting.
    const paid = await status(user);
    expect(paid.access.state).toBe('subscribed');
    expect(paid.subscription).toMatchObject({ status: 'active', cardLastFour: '4242', canCancel: true });
    expect((await t.request('/api/posts?view=upcoming', { headers: user.headers })).status).toBe(200);

    const again = await t.request('/api/billing/checkout', { method: 'POST', headers: user.headers });
    expect(again.status).toBe(409);

    const cancel = await t.request('/api/billing/cancel', { method: 'POST', headers: user.headers });
    expect(cancel.status).toBe(200);
    const cancelled = (await cancel.json()) as {
      endsAt: string;
      subscription: { cancelAtPeriodEnd: boolean };
    };
    expect(cancelled.subscription.cancelAtPeriodEnd).toBe(true);
    expect(Date.parse(cancelled.endsAt)).toBeGreaterThan(Date.now() + 27 * DAY);
    await waitForDeliveries(sandbox, 'subscription_cancelled');
    const afterWebhook = await status(user);
    expect(afterWebhook.access).toMatchObject({
      allowed: true,
      state: 'cancelling',
      endsAt: cancelled.endsAt,
    });
    expect(afterWebhook.subscription).toMatchObject({ canCancel: false, canResume: true });
    expect((await t.request('/api/billing/cancel', { method: 'POST', headers: user.headers })).status).toBe(
      404,
    );

    const resume = await t.request('/api/billing/resume', { method: 'POST', headers: user.headers });
    expect(resume.status).toBe(200);
    await waitForDeliveries(sandbox, 'subscription_resumed');
    expect((await status(user)).access.state).toBe('subscribed');

    // The store's subscription ends: the sandbox sends subscription_expired and the gate closes.
    const [row] = await subscriptionRows(user.id);
    const simulated = await control(sandbox, '/lemonsqueezy/simulate', {
      subscriptionId: row?.providerSubscriptionId,
      event: 'subscription_expired',
    });
    expect(simulated.status).toBe(200);
    const closed = await t.request('/api/posts?view=upcoming', { headers: user.headers });
    expect(closed.status).toBe(402);
    expect(await closed.json()).toMatchObject({ message: BILLING_MESSAGES.subscribe });
  });

  it('shows a declined card on the checkout page and creates nothing', async () => {
    const user = await createUserAged(t, 9);
    const { checkoutUrl } = (await (
      await t.request('/api/billing/checkout', { method: 'POST', headers: user.headers })
    ).json()) as { checkoutUrl: string };
    const pay = await payAtCheckout(checkoutUrl, user.email, '4000 0000 0000 0002');
    expect(pay.status).toBe(402);
    expect(await pay.text()).toContain('Your card was declined.');
    expect(await subscriptionRows(user.id)).toEqual([]);
  });

  it('limits checkouts to 10 a minute per user', async () => {
    const user = await createUserAged(t, 9);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await t.request('/api/billing/checkout', { method: 'POST', headers: user.headers })).status,
      );
    }
    expect(statuses.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("never shows or cancels another user's subscription", async () => {
    const owner = await createUserAged(t, 10);
    const stranger = await createUserAged(t, 10);
    await insertSubscription(t, owner.id, { status: 'active', providerSubscriptionId: '555001' });
    expect((await status(stranger)).subscription).toBeNull();
    const res = await t.request('/api/billing/cancel', { method: 'POST', headers: stranger.headers });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ message: BILLING_MESSAGES.noSubscription });
    expect(await subscriptionRows(owner.id)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: 0 }]);
  });

  it('says so when Lemon Squeezy refuses the cancellation, and keeps the subscription', async () => {
    const user = await createUserAged(t, 10);
    await insertSubscription(t, user.id, { status: 'active', providerSubscriptionId: '999999999' });
    const res = await t.request('/api/billing/cancel', { method: 'POST', headers: user.headers });
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      code: 'platform_error',
      message: BILLING_MESSAGES.failedToCancel,
    });
    expect(await subscriptionRows(user.id)).toMatchObject([{ status: 'active', cancelAtPeriodEnd: 0 }]);
  });

  it('never sends the API key or webhook secret to the browser', async () => {
    const user = await createUserAged(t, 1);
    const bodies = [
      await (await t.request('/api/app-config')).text(),
      await (await t.request('/api/billing/status', { headers: user.headers })).text(),
      await (await t.request('/api/billing/checkout', { method: 'POST', headers: user.headers })).text(),
    ];
    for (const body of bodies) {
      expect(body).not.toContain('test-api-key');
      expect(body).not.toContain('test-webhook-secret');
    }
    expect(JSON.parse(bodies[0] as string)).toMatchObject({ billing: true });
  });
});
