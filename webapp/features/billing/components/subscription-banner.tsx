import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePreferences } from '../../../shared/preferences/preferences';
import { useBillingStatus } from '../api/billing-status';
import { formatBillingDate, pluralDays } from '../format-date';
import { SubscribeButton } from './subscribe-button';

/** The dashboard's trial or cancellation banner (spec 02 section 4); nothing when billing is off. */
export function SubscriptionBanner() {
  const { status } = useBillingStatus();
  const { timezone } = usePreferences();
  const access = status.data?.access;
  if (!access) return null;

  if (access.state === 'trial' && access.trialDaysLeft !== null) {
    return (
      <Banner
        title={`Your free trial ends in ${pluralDays(access.trialDaysLeft)}.`}
        text={`Subscribe to keep scheduling after ${formatBillingDate(access.trialEndsAt, timezone)}.`}
        action={<SubscribeButton size="sm" />}
      />
    );
  }
  if (access.state === 'cancelling') {
    return (
      <Banner
        title={`Your subscription will cancel on ${formatBillingDate(access.endsAt, timezone)}.`}
        text="You keep full access until then."
        action={
          <Link
            to="/settings/subscription"
            className="inline-flex h-8 items-center justify-center rounded-lg border border-gray-300 bg-white px-3 font-medium text-gray-700 text-sm shadow-sm hover:bg-gray-50"
          >
            Manage subscription
          </Link>
        }
      />
    );
  }
  return null;
}

function Banner({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <section
      aria-label="Subscription"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0">
        <p className="font-semibold text-gray-900 text-sm">{title}</p>
        <p className="text-gray-600 text-sm">{text}</p>
      </div>
      <div className="shrink-0">{action}</div>
    </section>
  );
}
