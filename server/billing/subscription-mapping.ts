import type { SubscriptionStatus } from '../../shared/billing/billing.js';
import type { SubscriptionsTable } from '../db/schema.js';
import type { LsSubscriptionAttributes } from './lemonsqueezy-resources.js';

/** The columns a Lemon Squeezy subscription object decides. */
export type SubscriptionFields = Omit<
  SubscriptionsTable,
  'id' | 'userId' | 'provider' | 'providerSubscriptionId' | 'status' | 'createdAt' | 'updatedAt'
> & { status: SubscriptionStatus };

/**
 * Lemon Squeezy's statuses in the spec's terms (docs.lemonsqueezy.com/api/subscriptions):
 * - on_trial -> trialing (trial_ends_at); active -> active (renews_at is the period end)
 * - cancelled (the grace period) -> active with cancel_at_period_end and ends_at as the period
 *   end: spec 02 section 4, "status stays active until the period end"
 * - expired -> expired (ends_at); past_due keeps access until the next retry (renews_at)
 * - unpaid and paused have no paid period running: no period end, so no access.
 */
export function toSubscriptionFields(attributes: LsSubscriptionAttributes): SubscriptionFields {
  const status = attributes.status;
  const renewsAt = toMs(attributes.renews_at);
  const endsAt = toMs(attributes.ends_at);
  const mapped = mapStatus(status);
  let currentPeriodEnd: number | null = null;
  if (status === 'cancelled' || status === 'expired') currentPeriodEnd = endsAt ?? renewsAt;
  else if (status === 'active' || status === 'on_trial' || status === 'past_due') currentPeriodEnd = renewsAt;
  const planName = [attributes.product_name, attributes.variant_name].filter(Boolean).join(' · ');
  return {
    status: mapped,
    planId: attributes.variant_id ?? null,
    planName: planName || null,
    providerCustomerId: attributes.customer_id ?? null,
    trialEndDate: status === 'on_trial' ? toMs(attributes.trial_ends_at) : null,
    currentPeriodEnd,
    cancelAtPeriodEnd:
      status === 'cancelled' || (status === 'active' && attributes.cancelled === true) ? 1 : 0,
    cardBrand: attributes.card_brand || null,
    cardLastFour: attributes.card_last_four || null,
    testMode: attributes.test_mode ? 1 : 0,
    providerUpdatedAt: toMs(attributes.updated_at) ?? Date.now(),
  };
}

function mapStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'on_trial':
      return 'trialing';
    case 'active':
    case 'cancelled':
      return 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
    case 'expired':
      return status;
    default:
      // An unknown status grants nothing on its own; only a future period end would.
      return 'unpaid';
  }
}

function toMs(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}
