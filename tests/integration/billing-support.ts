import { signWebhookBody } from '../../server/billing/webhook-signature.js';
import { newId } from '../../server/core/ids.js';
import type { SubscriptionsTable } from '../../server/db/schema.js';
import { control, type SandboxHandle } from '../../server/sandbox/sandbox-testing.js';
import type { TestApp } from '../support/test-app.js';
import { createUser } from './posts-support.js';

/** Helpers for the billing suites: users of a given age, subscription rows and signed webhooks. */

export const DAY = 86_400_000;
export const WEBHOOK_SECRET = 'test-webhook-secret';

/** BILLING=lemonsqueezy with configured credentials, pointed at a sandbox by SANDBOX_URL. */
export function billingEnv(sandboxUrl: string): Record<string, string> {
  return {
    BILLING: 'lemonsqueezy',
    SANDBOX_URL: sandboxUrl,
    LEMONSQUEEZY_API_KEY: 'test-api-key',
    LEMONSQUEEZY_STORE_ID: '7',
    LEMONSQUEEZY_VARIANT_ID: '42',
    LEMONSQUEEZY_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
}

export interface BillingUser {
  id: string;
  email: string;
  headers: Record<string, string>;
}

/** A confirmed user who signed up `ageDays` ago, with a bearer session. */
export async function createUserAged(t: TestApp, ageDays = 0): Promise<BillingUser> {
  const user = await createUser(t);
  const createdAt = Date.now() - ageDays * DAY;
  const row = await t.deps.db
    .updateTable('users')
    .set({ createdAt, emailConfirmedAt: createdAt })
    .where('id', '=', user.id)
    .returning('email')
    .executeTakeFirstOrThrow();
  return { ...user, email: row.email };
}

/** A subscription row as the webhooks would have written it. */
export async function insertSubscription(
  t: TestApp,
  userId: string,
  fields: Partial<Omit<SubscriptionsTable, 'id' | 'userId'>>,
): Promise<string> {
  const now = Date.now();
  const id = newId();
  await t.deps.db
    .insertInto('subscriptions')
    .values({
      id,
      userId,
      provider: 'lemonsqueezy',
      providerSubscriptionId: String(Math.floor(Math.random() * 1e9)),
      providerCustomerId: null,
      status: 'active',
      planId: '42',
      planName: 'Postloom Pro · Monthly',
      trialEndDate: null,
      currentPeriodEnd: now + 20 * DAY,
      cancelAtPeriodEnd: 0,
      cardBrand: null,
      cardLastFour: null,
      testMode: 1,
      providerUpdatedAt: now,
      createdAt: now,
      updatedAt: now,
      ...fields,
    })
    .execute();
  return id;
}

/** A Lemon Squeezy subscription object (the attributes Postloom reads, and a few more). */
export function lsSubscription(
  id: string,
  attributes: Partial<Record<string, unknown>> & { status: string; updated_at: string },
) {
  return {
    type: 'subscriptions',
    id,
    attributes: {
      store_id: 7,
      customer_id: 501,
      variant_id: 42,
      product_name: 'Postloom Pro',
      variant_name: 'Monthly',
      user_email: 'buyer@billing.test',
      cancelled: attributes.status === 'cancelled',
      trial_ends_at: null,
      renews_at: new Date(Date.now() + 30 * DAY).toISOString(),
      ends_at: null,
      card_brand: 'visa',
      card_last_four: '4242',
      created_at: new Date(Date.now() - DAY).toISOString(),
      test_mode: true,
      ...attributes,
    },
  };
}

/** POSTs a webhook body, signed with `secret` unless a signature is given. */
export async function postWebhook(
  t: TestApp,
  event: string,
  body: { meta?: Record<string, unknown>; data: unknown },
  options: { secret?: string; signature?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const raw = JSON.stringify({ meta: { event_name: event, test_mode: true, ...body.meta }, data: body.data });
  const signature = options.signature ?? signWebhookBody(raw, options.secret ?? WEBHOOK_SECRET);
  return t.request('/api/billing/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-event-name': event,
      'x-signature': signature,
      ...options.headers,
    },
    body: raw,
  });
}

/** Waits until the app has accepted `count` deliveries of `event` from the sandbox (they are asynchronous). */
export async function waitForDeliveries(sandbox: SandboxHandle, event: string, count = 1) {
  for (let i = 0; i < 200; i += 1) {
    const { deliveries } = (await (await control(sandbox, '/lemonsqueezy/deliveries')).json()) as {
      deliveries: Array<{ event: string; delivered: boolean; status: number }>;
    };
    const done = deliveries.filter((d) => d.event === event && d.delivered);
    if (done.length >= count) return done;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the sandbox did not deliver ${count} ${event} event(s)`);
}
