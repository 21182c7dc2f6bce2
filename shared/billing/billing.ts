/**
 * The subscription gate and its wording (spec 02 sections 2, 4, 8 and 9), shared by the server
 * (which enforces it) and the web app (which shows it).
 */

const TRIAL_DAYS = 7;
export const DAY_MS = 86_400_000;

export const BILLING_MESSAGES = {
  trialEnded: 'Your free trial has ended. Subscribe to access the dashboard.',
  subscribe: 'Please subscribe to access the dashboard.',
  noSubscription: 'No active subscription found.',
  userNotAuthenticated: 'User not authenticated',
  failedToLoad: 'Failed to load subscription details',
  unexpectedLoadError: 'Unexpected error loading subscription',
  failedToAuthenticate: 'Failed to authenticate session',
  failedToCancel: 'Failed to cancel subscription. Please try again.',
  failedToResume: 'Failed to resume subscription. Please try again.',
  failedToCheckout: 'Could not start the checkout. Please try again.',
  alreadySubscribed: 'You already have an active subscription.',
  resumeInstead: 'Your subscription is set to cancel. Resume it instead of subscribing again.',
  notCancelling: 'Your subscription is not set to cancel.',
  billingOff: 'Billing is not enabled on this server.',
  invalidSignature: 'Invalid webhook signature.',
} as const;

/**
 * The one notification a user gets when the publishing engine holds their work for lack of access
 * (their due posts fail with `reason`, their queues pause). Nothing goes out by surprise later.
 */
export const ACCESS_HOLD_NOTICE = {
  title: 'Publishing paused',
  message: (reason: string) =>
    `${reason} Scheduled posts that fall due are not published and automated queues are paused until you subscribe. After subscribing, reschedule the posts that did not go out and resume your queues.`,
} as const;

/** Spec 02 section 8: the success toast after a cancellation, for 5 seconds. */
export function cancelledToast(date: string): string {
  return `Subscription set to cancel on ${date}.`;
}

/** Statuses we keep (Lemon Squeezy's `cancelled` is stored as `active` + cancel_at_period_end, per spec). */
export const SUBSCRIPTION_STATUSES = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'expired',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** What the gate needs of a subscription record (epoch ms). */
export interface SubscriptionFacts {
  status: string;
  createdAt: number;
  trialEndDate: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * - `trial`: in the free trial (no record yet: 7 days from sign-up; or a trialing record)
 * - `subscribed`: paid and renewing; `cancelling`: paid until the period end
 * - `trial_ended` / `subscription_ended`: no access
 * - `free`: billing is off on this server
 */
export type AccessState =
  | 'free'
  | 'trial'
  | 'subscribed'
  | 'cancelling'
  | 'trial_ended'
  | 'subscription_ended';

export interface Access {
  allowed: boolean;
  state: AccessState;
  /** The spec's message for a user without access; null with access. */
  message: string | null;
  /** In the trial: when it ends (ISO) and the days left, rounded up. */
  trialEndsAt: string | null;
  trialDaysLeft: number | null;
  /** Cancelling: the date access ends (ISO). */
  endsAt: string | null;
}

export const FREE_ACCESS: Access = {
  allowed: true,
  state: 'free',
  message: null,
  trialEndsAt: null,
  trialDaysLeft: null,
  endsAt: null,
};

/**
 * Spec 02 section 4: access when there is no record (the trial counted from sign-up), or the
 * status is active, or the trial end or the period end is in the future. One refinement: an
 * active record set to cancel whose period is over has no access even if the expiry webhook is late.
 */
export function evaluateAccess(input: {
  now: number;
  userCreatedAt: number;
  subscription: SubscriptionFacts | null;
}): Access {
  const { now, subscription } = input;
  if (!subscription) {
    return trialAccess(now, input.userCreatedAt + TRIAL_DAYS * DAY_MS);
  }
  const trialEnd = trialEndOf(subscription);
  const periodEnd = subscription.currentPeriodEnd;
  const cancelling = subscription.cancelAtPeriodEnd;
  const periodOver = periodEnd !== null && periodEnd <= now;
  if (subscription.status === 'active' && !(cancelling && periodOver)) {
    return paidAccess(cancelling, periodEnd);
  }
  if (trialEnd !== null && trialEnd > now) return trialAccess(now, trialEnd);
  if (periodEnd !== null && periodEnd > now) return paidAccess(cancelling, periodEnd);
  const neverPaid = subscription.status === 'trialing';
  return {
    ...FREE_ACCESS,
    allowed: false,
    state: neverPaid ? 'trial_ended' : 'subscription_ended',
    message: neverPaid ? BILLING_MESSAGES.trialEnded : BILLING_MESSAGES.subscribe,
  };
}

/** Spec 02 section 9: "7 days when only created_at is known". */
function trialEndOf(subscription: SubscriptionFacts): number | null {
  if (subscription.trialEndDate !== null) return subscription.trialEndDate;
  return subscription.status === 'trialing' ? subscription.createdAt + TRIAL_DAYS * DAY_MS : null;
}

/** Whole days left, rounded up (spec 02 section 9). */
export function daysLeft(now: number, end: number): number {
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}

function trialAccess(now: number, trialEnd: number): Access {
  if (trialEnd <= now) {
    return { ...FREE_ACCESS, allowed: false, state: 'trial_ended', message: BILLING_MESSAGES.trialEnded };
  }
  return {
    ...FREE_ACCESS,
    state: 'trial',
    trialEndsAt: new Date(trialEnd).toISOString(),
    trialDaysLeft: daysLeft(now, trialEnd),
  };
}

function paidAccess(cancelling: boolean, periodEnd: number | null): Access {
  return {
    ...FREE_ACCESS,
    state: cancelling ? 'cancelling' : 'subscribed',
    endsAt: cancelling && periodEnd !== null ? new Date(periodEnd).toISOString() : null,
  };
}

/** The subscription as the settings page shows it (no provider ids or secrets). */
export interface SubscriptionDto {
  status: SubscriptionStatus;
  planName: string | null;
  createdAt: string;
  trialEndDate: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  cardBrand: string | null;
  cardLastFour: string | null;
  /** Spec 02 section 4: the cancel button shows only when active and not already cancelling. */
  canCancel: boolean;
  canResume: boolean;
}

/** `GET /api/billing/status`. */
export interface BillingStatus {
  enabled: boolean;
  access: Access;
  subscription: SubscriptionDto | null;
}

export interface CheckoutAnswer {
  checkoutUrl: string;
}

export interface CancelAnswer {
  subscription: SubscriptionDto;
  /** When access ends (ISO). */
  endsAt: string | null;
}
