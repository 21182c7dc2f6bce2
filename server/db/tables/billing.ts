import type { Selectable } from 'kysely';

/** Tables of subscriptions and billing events (billing); the Database interface in ../schema.ts lists every table. */

/** A subscription at the payment provider (Lemon Squeezy), kept in step by its webhooks. */
export interface SubscriptionsTable {
  id: string;
  userId: string;
  provider: 'lemonsqueezy';
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** trialing, active (also while cancelling), past_due, unpaid, paused, expired. */
  status: string;
  /** The provider's variant id: the one plan. */
  planId: string | null;
  planName: string | null;
  trialEndDate: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: number;
  cardBrand: string | null;
  cardLastFour: string | null;
  testMode: number;
  /** The provider's own updated_at, for ordering late webhooks. */
  providerUpdatedAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface BillingWebhookEventsTable {
  /** SHA-256 (hex) of the event name and the raw signed body. */
  id: string;
  eventName: string;
  userId: string | null;
  outcome: string;
  receivedAt: number;
}

/** The engine holds this user's work for lack of access, and has told them (once per lapse). */
export interface AccessHoldsTable {
  userId: string;
  reason: string;
  heldAt: number;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
