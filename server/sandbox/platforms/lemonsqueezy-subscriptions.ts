import crypto from 'node:crypto';
import type { SandboxContext } from '../sandbox-types.js';
import {
  addMonth,
  DEMO_PRODUCT,
  type LsCheckoutRecord,
  type LsSubscriptionRecord,
  lsState,
  lsTime,
  nextNumericId,
  subscriptionResource,
} from './lemonsqueezy-state.js';
import { sendWebhookEvent } from './lemonsqueezy-webhooks.js';

/** How long a failed renewal waits for its next retry (Lemon Squeezy: 4 retries over 2 weeks). */
const RETRY_AFTER_MS = 3 * 86_400_000;

/** A paid checkout: the order and the subscription, then order_created, subscription_created, payment_success. */
export async function subscribeFromCheckout(
  ctx: SandboxContext,
  checkout: LsCheckoutRecord,
  buyer: { email: string; name: string; cardBrand: string; cardLastFour: string },
): Promise<LsSubscriptionRecord> {
  const state = lsState(ctx);
  const now = ctx.now();
  const sub: LsSubscriptionRecord = {
    id: nextNumericId(state),
    storeId: checkout.storeId,
    customerId: nextNumericId(state),
    orderId: nextNumericId(state),
    variantId: checkout.variantId,
    userName: buyer.name,
    userEmail: buyer.email,
    status: 'active',
    cancelled: false,
    trialEndsAt: null,
    renewsAt: addMonth(now),
    endsAt: null,
    cardBrand: buyer.cardBrand,
    cardLastFour: buyer.cardLastFour,
    custom: checkout.custom,
    createdAt: now,
    updatedAt: now,
  };
  state.subscriptions.set(sub.id, sub);
  checkout.subscriptionId = sub.id;
  const custom = sub.custom;
  await sendWebhookEvent(ctx, {
    storeId: sub.storeId,
    event: 'order_created',
    data: orderResource(sub),
    custom,
  });
  await sendWebhookEvent(ctx, {
    storeId: sub.storeId,
    event: 'subscription_created',
    data: subscriptionResource(ctx, sub),
    custom,
  });
  await sendInvoiceEvent(ctx, sub, 'subscription_payment_success', 'initial', 'paid');
  return sub;
}

/** Cancelling starts the grace period: status `cancelled` until `ends_at`, then `expired`. */
export function cancel(ctx: SandboxContext, sub: LsSubscriptionRecord): string[] {
  if (sub.status === 'cancelled') return [];
  sub.endsAt = sub.status === 'on_trial' && sub.trialEndsAt ? sub.trialEndsAt : sub.renewsAt;
  sub.status = 'cancelled';
  sub.cancelled = true;
  sub.updatedAt = ctx.now();
  return ['subscription_updated', 'subscription_cancelled'];
}

export function resume(ctx: SandboxContext, sub: LsSubscriptionRecord): string[] {
  sub.status = sub.trialEndsAt && sub.trialEndsAt > ctx.now() ? 'on_trial' : 'active';
  sub.cancelled = false;
  sub.endsAt = null;
  sub.updatedAt = ctx.now();
  return ['subscription_updated', 'subscription_resumed'];
}

/** Simulated events (Lemon Squeezy's dashboard can send these for test-mode subscriptions). */
export async function simulate(
  ctx: SandboxContext,
  sub: LsSubscriptionRecord,
  event: string,
): Promise<boolean> {
  const now = ctx.now();
  switch (event) {
    case 'subscription_expired':
      sub.status = 'expired';
      sub.endsAt = Math.min(sub.endsAt ?? now, now);
      sub.updatedAt = now;
      await emit(ctx, sub, ['subscription_updated', 'subscription_expired']);
      return true;
    case 'subscription_payment_failed':
      sub.status = 'past_due';
      sub.renewsAt = now + RETRY_AFTER_MS;
      sub.updatedAt = now;
      await sendInvoiceEvent(ctx, sub, 'subscription_payment_failed', 'renewal', 'pending');
      await emit(ctx, sub, ['subscription_updated']);
      return true;
    case 'subscription_payment_success':
      sub.status = 'active';
      sub.renewsAt = addMonth(Math.max(sub.renewsAt, now));
      sub.updatedAt = now;
      await sendInvoiceEvent(ctx, sub, 'subscription_payment_success', 'renewal', 'paid');
      await emit(ctx, sub, ['subscription_updated']);
      return true;
    case 'subscription_cancelled':
      await emit(ctx, sub, cancel(ctx, sub));
      return true;
    case 'subscription_updated':
      await emit(ctx, sub, ['subscription_updated']);
      return true;
    default:
      return false;
  }
}

/** Sends subscription events, each with the subscription as it is now. */
export async function emit(ctx: SandboxContext, sub: LsSubscriptionRecord, events: string[]): Promise<void> {
  for (const event of events) {
    await sendWebhookEvent(ctx, {
      storeId: sub.storeId,
      event,
      data: subscriptionResource(ctx, sub),
      custom: sub.custom,
    });
  }
}

async function sendInvoiceEvent(
  ctx: SandboxContext,
  sub: LsSubscriptionRecord,
  event: string,
  billingReason: 'initial' | 'renewal',
  status: 'paid' | 'pending',
): Promise<void> {
  const state = lsState(ctx);
  const id = nextNumericId(state);
  const at = lsTime(ctx.now());
  const data = {
    type: 'subscription-invoices',
    id,
    attributes: {
      store_id: Number(sub.storeId),
      subscription_id: Number(sub.id),
      customer_id: Number(sub.customerId),
      user_name: sub.userName,
      user_email: sub.userEmail,
      billing_reason: billingReason,
      card_brand: sub.cardBrand,
      card_last_four: sub.cardLastFour,
      currency: 'USD',
      currency_rate: '1.00000000',
      status,
      status_formatted: status === 'paid' ? 'Paid' : 'Pending',
      refunded: false,
      refunded_at: null,
      subtotal: DEMO_PRODUCT.priceCents,
      discount_total: 0,
      tax: 0,
      total: DEMO_PRODUCT.priceCents,
      subtotal_formatted: DEMO_PRODUCT.priceFormatted,
      total_formatted: DEMO_PRODUCT.priceFormatted,
      urls: {
        invoice_url: status === 'paid' ? `https://app.lemonsqueezy.com/my-orders/${id}/invoice` : null,
      },
      created_at: at,
      updated_at: at,
      test_mode: true,
    },
  };
  await sendWebhookEvent(ctx, { storeId: sub.storeId, event, data, custom: sub.custom });
}

function orderResource(sub: LsSubscriptionRecord) {
  const at = lsTime(sub.createdAt);
  return {
    type: 'orders',
    id: sub.orderId,
    attributes: {
      store_id: Number(sub.storeId),
      customer_id: Number(sub.customerId),
      identifier: crypto.randomUUID(),
      order_number: Number(sub.orderId),
      user_name: sub.userName,
      user_email: sub.userEmail,
      currency: 'USD',
      status: 'paid',
      status_formatted: 'Paid',
      total: DEMO_PRODUCT.priceCents,
      total_formatted: DEMO_PRODUCT.priceFormatted,
      first_order_item: {
        order_id: Number(sub.orderId),
        product_id: DEMO_PRODUCT.productId,
        variant_id: Number(sub.variantId),
        product_name: DEMO_PRODUCT.productName,
        variant_name: DEMO_PRODUCT.variantName,
        price: DEMO_PRODUCT.priceCents,
        test_mode: true,
      },
      created_at: at,
      updated_at: at,
      test_mode: true,
    },
  };
}
