import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { usePreferences } from '../../../shared/preferences/preferences';
import { useBillingStatus } from '../api/billing-status';
import { formatBillingDate } from '../format-date';

/** Lemon Squeezy's confirmation can reach us a moment after the browser: look again every 2 s, for 2 minutes. */
const POLL_MS = 2_000;
const GIVE_UP_AFTER_MS = 120_000;

/**
 * `/subscription/success`: where checkout returns. It waits for the webhook that activates the
 * subscription, then offers the dashboard and the subscription page (spec 02 section 2).
 */
export function SubscriptionSuccessPage() {
  const [openedAt] = useState(() => Date.now());
  const { timezone } = usePreferences();
  const { billingOn, status } = useBillingStatus({
    refetchInterval: (data) => {
      const active = data?.subscription && data.access.allowed;
      return active || Date.now() - openedAt > GIVE_UP_AFTER_MS ? false : POLL_MS;
    },
  });
  const data = status.data;
  const active = Boolean(data?.subscription && data.access.allowed);
  return (
    <div className="mx-auto mt-4 max-w-lg rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm sm:mt-10 sm:p-8">
      <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-600">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          className="h-7 w-7"
          aria-hidden="true"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <h1 className="font-bold text-2xl text-gray-900">Thank you for subscribing!</h1>
      <div className="mt-2 text-gray-600 text-sm" aria-live="polite">
        {billingOn === false ? (
          <p>This Postloom server does not charge for access: there is nothing to activate.</p>
        ) : active ? (
          <p>
            Your subscription is active
            {data?.subscription?.currentPeriodEnd
              ? `. Next billing date: ${formatBillingDate(data.subscription.currentPeriodEnd, timezone)}.`
              : '.'}
          </p>
        ) : status.isFetching || status.isPending ? (
          <p className="inline-flex items-center gap-2">
            <Spinner size="sm" /> Activating your subscription...
          </p>
        ) : (
          <p>
            Your payment went through. Activation is taking longer than usual: your subscription page will
            show it shortly.
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link
          to="/dashboard"
          className="inline-flex h-10 items-center justify-center rounded-lg bg-brand-600 px-4 font-medium text-sm text-white hover:bg-brand-700"
        >
          Go to Dashboard
        </Link>
        <Link
          to="/subscription"
          className="inline-flex h-10 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 font-medium text-gray-700 text-sm hover:bg-gray-50"
        >
          View Subscription
        </Link>
      </div>
    </div>
  );
}
