import crypto from 'node:crypto';
import type { SandboxContext, SandboxContextC } from '../sandbox-types.js';

/** The one demo product every store and variant id sells in the sandbox. */
export const DEMO_PRODUCT = {
  productId: 1,
  productName: 'Postloom Pro',
  variantName: 'Monthly',
  priceCents: 1500,
  priceFormatted: '$15.00',
  interval: 'month',
} as const;

/** The hosted checkout's real-looking host (`https://<store>.lemonsqueezy.com/checkout/custom/<id>`). */
export const CHECKOUT_HOST = 'postloom.lemonsqueezy.com';
export const API_HOST = 'api.lemonsqueezy.com';

export interface LsWebhookRecord {
  id: string;
  storeId: string;
  url: string;
  events: string[];
  secret: string;
  testMode: boolean;
  createdAt: number;
  updatedAt: number;
  lastSentAt: number | null;
}

export interface LsCheckoutRecord {
  id: string;
  storeId: string;
  variantId: string;
  email: string;
  name: string;
  custom: Record<string, unknown>;
  redirectUrl: string | null;
  createdAt: number;
  expiresAt: number | null;
  subscriptionId: string | null;
}

type LsStatus = 'on_trial' | 'active' | 'paused' | 'past_due' | 'unpaid' | 'cancelled' | 'expired';

export interface LsSubscriptionRecord {
  id: string;
  storeId: string;
  customerId: string;
  orderId: string;
  variantId: string;
  userName: string;
  userEmail: string;
  status: LsStatus;
  cancelled: boolean;
  trialEndsAt: number | null;
  renewsAt: number;
  endsAt: number | null;
  cardBrand: string;
  cardLastFour: string;
  custom: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

export interface LsDelivery {
  id: string;
  webhookId: string;
  event: string;
  url: string;
  /** HTTP status of the last attempt; 0 when the app could not be reached. */
  status: number;
  attempts: number;
  delivered: boolean;
  at: string;
}

export interface LsSandboxState {
  nextId: number;
  /** Signs checkout URLs like Lemon Squeezy's `?signature=`. */
  urlKey: Buffer;
  webhooks: Map<string, LsWebhookRecord>;
  checkouts: Map<string, LsCheckoutRecord>;
  subscriptions: Map<string, LsSubscriptionRecord>;
  deliveries: LsDelivery[];
}

/** The module's state (dropped by /_control/reset); call inside handlers, never cache. */
export function lsState(ctx: SandboxContext): LsSandboxState {
  return ctx.store<LsSandboxState>('lemonsqueezy', () => ({
    nextId: 100_001,
    urlKey: crypto.randomBytes(32),
    webhooks: new Map(),
    checkouts: new Map(),
    subscriptions: new Map(),
    deliveries: [],
  }));
}

export function nextNumericId(state: LsSandboxState): string {
  const id = state.nextId;
  state.nextId += 1;
  return String(id);
}

/** Lemon Squeezy's timestamps: ISO 8601 with microseconds, e.g. 2024-10-14T12:36:27.000000Z. */
export function lsTime(ms: number | null): string | null {
  if (ms === null) return null;
  return new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** One calendar month later (the day is clamped to the end of a shorter month). */
export function addMonth(ms: number): number {
  const date = new Date(ms);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return date.getTime();
}

function checkoutSignature(state: LsSandboxState, checkoutId: string): string {
  return crypto.createHmac('sha256', state.urlKey).update(checkoutId).digest('hex');
}

export function isCheckoutSignature(state: LsSandboxState, checkoutId: string, given: string | undefined) {
  const expected = Buffer.from(checkoutSignature(state, checkoutId));
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

const STATUS_LABELS: Record<LsStatus, string> = {
  on_trial: 'On Trial',
  active: 'Active',
  paused: 'Paused',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** The Subscription object as the API and webhooks send it. */
export function subscriptionResource(ctx: SandboxContext, sub: LsSubscriptionRecord) {
  const self = `https://${API_HOST}/v1/subscriptions/${sub.id}`;
  const portal = `https://${CHECKOUT_HOST}/billing?expires=${Math.floor((ctx.now() + 86_400_000) / 1000)}`;
  return {
    type: 'subscriptions' as const,
    id: sub.id,
    attributes: {
      store_id: Number(sub.storeId),
      customer_id: Number(sub.customerId),
      order_id: Number(sub.orderId),
      order_item_id: Number(sub.orderId),
      product_id: DEMO_PRODUCT.productId,
      variant_id: Number(sub.variantId),
      product_name: DEMO_PRODUCT.productName,
      variant_name: DEMO_PRODUCT.variantName,
      user_name: sub.userName,
      user_email: sub.userEmail,
      status: sub.status,
      status_formatted: STATUS_LABELS[sub.status],
      card_brand: sub.cardBrand,
      card_last_four: sub.cardLastFour,
      pause: null,
      cancelled: sub.cancelled,
      trial_ends_at: lsTime(sub.trialEndsAt),
      billing_anchor: new Date(sub.createdAt).getUTCDate(),
      first_subscription_item: null,
      urls: { update_payment_method: portal, customer_portal: portal },
      renews_at: lsTime(sub.renewsAt),
      ends_at: lsTime(sub.endsAt),
      created_at: lsTime(sub.createdAt),
      updated_at: lsTime(sub.updatedAt),
      test_mode: true,
    },
    relationships: {
      store: { links: { related: `${self}/store`, self: `${self}/relationships/store` } },
      variant: { links: { related: `${self}/variant`, self: `${self}/relationships/variant` } },
    },
    links: { self },
  };
}

export function checkoutResource(checkout: LsCheckoutRecord, state: LsSandboxState) {
  const url = `https://${CHECKOUT_HOST}/checkout/custom/${checkout.id}?signature=${checkoutSignature(state, checkout.id)}`;
  return {
    type: 'checkouts' as const,
    id: checkout.id,
    attributes: {
      store_id: Number(checkout.storeId),
      variant_id: Number(checkout.variantId),
      custom_price: null,
      product_options: {
        name: '',
        description: '',
        media: [],
        redirect_url: checkout.redirectUrl ?? '',
        receipt_button_text: '',
        receipt_link_url: '',
        receipt_thank_you_note: '',
        enabled_variants: [Number(checkout.variantId)],
      },
      checkout_options: { embed: false, media: true, logo: true, desc: true, discount: true },
      checkout_data: { email: checkout.email, name: checkout.name, custom: checkout.custom },
      expires_at: lsTime(checkout.expiresAt),
      created_at: lsTime(checkout.createdAt),
      updated_at: lsTime(checkout.createdAt),
      test_mode: true,
      url,
    },
    links: { self: `https://${API_HOST}/v1/checkouts/${checkout.id}` },
  };
}

export function webhookResource(hook: LsWebhookRecord) {
  return {
    type: 'webhooks' as const,
    id: hook.id,
    attributes: {
      store_id: Number(hook.storeId),
      url: hook.url,
      events: hook.events,
      last_sent_at: lsTime(hook.lastSentAt),
      created_at: lsTime(hook.createdAt),
      updated_at: lsTime(hook.updatedAt),
      test_mode: hook.testMode,
    },
    links: { self: `https://${API_HOST}/v1/webhooks/${hook.id}` },
  };
}

/** A JSON:API document. */
export function document(data: unknown, self?: string) {
  return { jsonapi: { version: '1.0' }, ...(self ? { links: { self } } : {}), data };
}

/** JSON:API errors as Lemon Squeezy sends them. */
export function apiError(
  c: SandboxContextC,
  status: 401 | 404 | 405 | 422,
  detail: string,
  pointer?: string,
) {
  const titles = {
    401: 'Unauthorized',
    404: 'Not Found',
    405: 'Method Not Allowed',
    422: 'Unprocessable Entity',
  };
  return c.json(
    {
      jsonapi: { version: '1.0' },
      errors: [
        {
          detail,
          status: String(status),
          title: titles[status],
          ...(pointer ? { source: { pointer } } : {}),
        },
      ],
    },
    status,
  );
}
