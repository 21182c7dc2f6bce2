// `/api/billing` answers as zod schemas for the OpenAPI document; the handlers answer through
// `reply` with the same ones (tsc checks the shared DTOs fit).
import { z } from 'zod';
import {
  type BillingStatus,
  type CancelAnswer,
  type CheckoutAnswer,
  SUBSCRIPTION_STATUSES,
} from '../../shared/billing/billing.js';

const ACCESS_STATES = [
  'free',
  'trial',
  'subscribed',
  'cancelling',
  'trial_ended',
  'subscription_ended',
] as const;

const SubscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  planName: z.string().nullable(),
  createdAt: z.string(),
  trialEndDate: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  cardBrand: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  canCancel: z.boolean(),
  canResume: z.boolean(),
});

export const BillingStatusAnswer = z.object({
  enabled: z.boolean(),
  access: z.object({
    allowed: z.boolean(),
    state: z.enum(ACCESS_STATES),
    message: z.string().nullable(),
    trialEndsAt: z.string().nullable(),
    trialDaysLeft: z.number().nullable(),
    endsAt: z.string().nullable(),
  }),
  subscription: SubscriptionSchema.nullable(),
}) satisfies z.ZodType<BillingStatus>;

export const CheckoutAnswerSchema = z.object({ checkoutUrl: z.string() }) satisfies z.ZodType<CheckoutAnswer>;

export const CancelAnswerSchema = z.object({
  subscription: SubscriptionSchema,
  endsAt: z.string().nullable().describe('When access ends (ISO)'),
}) satisfies z.ZodType<CancelAnswer>;

export const WebhookAnswer = z.object({
  received: z.literal(true),
  outcome: z.enum(['applied', 'duplicate', 'stale', 'ignored', 'unknown_user', 'unreadable']),
});
