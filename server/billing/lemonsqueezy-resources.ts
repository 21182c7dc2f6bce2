import { z } from 'zod';

/**
 * The parts of Lemon Squeezy's JSON:API resources Postloom reads (docs.lemonsqueezy.com/api).
 * Unknown fields pass through; ids arrive as strings, numeric ids inside attributes as numbers.
 */

const IsoDate = z.string().nullable().optional();
const NumericId = z.union([z.number(), z.string()]).transform((value) => String(value));

export const LsSubscriptionAttributes = z.object({
  store_id: NumericId.optional(),
  customer_id: NumericId.nullable().optional(),
  variant_id: NumericId.nullable().optional(),
  product_name: z.string().nullable().optional(),
  variant_name: z.string().nullable().optional(),
  status: z.string(),
  cancelled: z.boolean().optional(),
  card_brand: z.string().nullable().optional(),
  card_last_four: z.string().nullable().optional(),
  trial_ends_at: IsoDate,
  renews_at: IsoDate,
  ends_at: IsoDate,
  created_at: z.string(),
  updated_at: z.string(),
  test_mode: z.boolean().optional(),
});
export type LsSubscriptionAttributes = z.infer<typeof LsSubscriptionAttributes>;

export const LsSubscription = z.object({
  type: z.literal('subscriptions'),
  id: NumericId,
  attributes: LsSubscriptionAttributes,
});
export type LsSubscription = z.infer<typeof LsSubscription>;

/** subscription_payment_* events carry a subscription invoice. */
export const LsSubscriptionInvoice = z.object({
  type: z.literal('subscription-invoices'),
  id: NumericId,
  attributes: z.object({
    store_id: NumericId.optional(),
    subscription_id: NumericId,
    status: z.string().optional(),
    updated_at: z.string().optional(),
    test_mode: z.boolean().optional(),
  }),
});
export type LsSubscriptionInvoice = z.infer<typeof LsSubscriptionInvoice>;

export const LsWebhookPayload = z.object({
  meta: z.object({
    event_name: z.string().min(1),
    test_mode: z.boolean().optional(),
    custom_data: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
  data: z.object({ type: z.string(), id: NumericId }).passthrough(),
});
export type LsWebhookPayload = z.infer<typeof LsWebhookPayload>;

export const LsCheckout = z.object({
  data: z.object({
    type: z.literal('checkouts'),
    id: z.string(),
    attributes: z.object({ url: z.string() }),
  }),
});

export const LsWebhookList = z.object({
  data: z.array(
    z.object({
      type: z.literal('webhooks'),
      id: NumericId,
      attributes: z.object({ url: z.string(), events: z.array(z.string()).optional() }),
    }),
  ),
});

export const LsSubscriptionDocument = z.object({ data: LsSubscription });
