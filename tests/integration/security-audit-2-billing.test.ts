import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';
import {
  type BillingUser,
  billingEnv,
  createUserAged,
  DAY,
  lsSubscription,
  postWebhook,
  WEBHOOK_SECRET,
} from './billing-support.js';

/**
 * Security audit 2, item 3: a validly signed webhook changes access only for the configured
 * store and plan, in the configured mode, and a late payment event cannot undo a newer state.
 */

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** The sandbox's test-mode store: store 7, plan (variant) 42. No sandbox runs: webhooks only. */
function sandboxStore() {
  return createTestApp(billingEnv('http://127.0.0.1:9'));
}

/** Live credentials for the real Lemon Squeezy (nothing is called: webhooks only). */
function liveStore(env: Record<string, string> = {}) {
  return createTestApp({
    BILLING: 'lemonsqueezy',
    LEMONSQUEEZY_API_KEY: 'live-api-key',
    LEMONSQUEEZY_STORE_ID: '7',
    LEMONSQUEEZY_VARIANT_ID: '42',
    LEMONSQUEEZY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...env,
  });
}

async function gated(user: BillingUser): Promise<number> {
  return (await t.request('/api/posts?view=upcoming', { headers: user.headers })).status;
}

async function created(user: BillingUser, id: string, attributes: Record<string, unknown>, testMode = true) {
  const res = await postWebhook(t, 'subscription_created', {
    meta: { custom_data: { user_id: user.id }, test_mode: testMode },
    data: lsSubscription(id, {
      status: 'active',
      updated_at: new Date().toISOString(),
      test_mode: testMode,
      ...attributes,
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { outcome: string }).outcome;
}

function invoice(subscriptionId: number, attributes: Record<string, unknown>) {
  return {
    data: {
      type: 'subscription-invoices',
      id: String(Math.floor(Math.random() * 1e9)),
      attributes: {
        store_id: 7,
        subscription_id: subscriptionId,
        status: 'pending',
        test_mode: true,
        ...attributes,
      },
    },
  };
}

async function rows(userId: string) {
  return t.deps.db.selectFrom('subscriptions').selectAll().where('userId', '=', userId).execute();
}

describe('billing webhooks apply only the configured product', () => {
  it("a signed subscription_created for another store's product does not unlock Postloom", async () => {
    t = await sandboxStore();
    const user = await createUserAged(t, 10);
    expect(await created(user, '91001', { store_id: 8 })).toBe('ignored');
    expect(await rows(user.id)).toEqual([]);
    expect(await gated(user)).toBe(402);
  });

  it('buying another product of the same store (another variant) does not unlock Postloom', async () => {
    t = await sandboxStore();
    const user = await createUserAged(t, 10);
    expect(await created(user, '91002', { variant_id: 43, product_name: 'An e-book' })).toBe('ignored');
    expect(await gated(user)).toBe(402);
    // The configured plan does.
    expect(await created(user, '91003', {})).toBe('applied');
    expect(await gated(user)).toBe(200);
  });

  it('a test-mode purchase does not unlock Postloom while live credentials are configured', async () => {
    t = await liveStore();
    const user = await createUserAged(t, 10);
    expect(await created(user, '91004', {}, true)).toBe('ignored');
    expect(await gated(user)).toBe(402);
    expect(await created(user, '91005', {}, false)).toBe('applied');
    expect(await gated(user)).toBe(200);
  });

  it('with LEMONSQUEEZY_TEST_MODE=on, test-mode purchases count and live ones do not', async () => {
    t = await liveStore({ LEMONSQUEEZY_TEST_MODE: 'on' });
    const user = await createUserAged(t, 10);
    expect(await created(user, '91006', {}, false)).toBe('ignored');
    expect(await created(user, '91007', {}, true)).toBe('applied');
    expect(await gated(user)).toBe(200);
  });
});

describe('payment events are ordered like subscription events', () => {
  it('a late subscription_payment_failed older than the stored state does not make a renewed subscription past due', async () => {
    t = await sandboxStore();
    const user = await createUserAged(t, 40);
    expect(await created(user, '92001', { renews_at: new Date(Date.now() + 30 * DAY).toISOString() })).toBe(
      'applied',
    );
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const late = await postWebhook(t, 'subscription_payment_failed', invoice(92001, { updated_at: hourAgo }));
    expect(await late.json()).toMatchObject({ outcome: 'stale' });
    expect((await rows(user.id)).map((row) => row.status)).toEqual(['active']);
    const notes = await t.deps.db
      .selectFrom('notifications')
      .select('title')
      .where('userId', '=', user.id)
      .execute();
    expect(notes).toEqual([]);

    // A current failure still applies.
    const current = await postWebhook(
      t,
      'subscription_payment_failed',
      invoice(92001, { updated_at: new Date(Date.now() + 1000).toISOString() }),
    );
    expect(await current.json()).toMatchObject({ outcome: 'applied' });
    expect((await rows(user.id)).map((row) => row.status)).toEqual(['past_due']);
  });

  it('a payment failure sent by another store does not touch a subscription with the same id', async () => {
    t = await sandboxStore();
    const user = await createUserAged(t, 40);
    await created(user, '92002', {});
    const foreign = await postWebhook(
      t,
      'subscription_payment_failed',
      invoice(92002, { store_id: 8, updated_at: new Date(Date.now() + 1000).toISOString() }),
    );
    expect(await foreign.json()).toMatchObject({ outcome: 'ignored' });
    expect((await rows(user.id)).map((row) => row.status)).toEqual(['active']);
  });
});
