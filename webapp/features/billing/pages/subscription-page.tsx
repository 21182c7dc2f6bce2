import { useState } from 'react';
import { toast } from 'sonner';
import {
  type Access,
  BILLING_MESSAGES,
  cancelledToast,
  type SubscriptionDto,
} from '../../../../shared/billing/billing';
import { ApiError } from '../../../../shared/http/api-error';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { SettingsSection } from '../../../components/settings-section';
import { usePreferences } from '../../../shared/preferences/preferences';
import { useBillingStatus } from '../api/billing-status';
import { useChangeSubscription } from '../api/change-subscription';
import { SubscribeButton } from '../components/subscribe-button';
import { formatBillingDate, pluralDays } from '../format-date';

/** Spec 02 section 8: the page's load errors. */
function loadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return BILLING_MESSAGES.unexpectedLoadError;
  if (error.code === 'session_expired') return BILLING_MESSAGES.failedToAuthenticate;
  if (error.status === 401) return BILLING_MESSAGES.userNotAuthenticated;
  if (error.status === 0) return BILLING_MESSAGES.unexpectedLoadError;
  return BILLING_MESSAGES.failedToLoad;
}

/** `/settings/subscription`: the plan, its dates, cancel (and resume while cancelling). */
export function SubscriptionPage() {
  const { billingOn, status } = useBillingStatus();
  return (
    <SettingsSection title="Subscription" description="Your plan and billing.">
      {billingOn === false ? (
        <EmptyState
          title="No subscription needed"
          description="This Postloom server does not charge for access."
        />
      ) : billingOn === undefined || status.isPending ? (
        <DetailsSkeleton />
      ) : status.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-700 text-sm">
          <p>{loadErrorMessage(status.error)}</p>
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => status.refetch()}>
            Try again
          </Button>
        </div>
      ) : status.data.subscription && status.data.access.allowed ? (
        <SubscriptionDetails subscription={status.data.subscription} />
      ) : (
        <NoSubscription access={status.data.access} subscription={status.data.subscription} />
      )}
    </SettingsSection>
  );
}

function NoSubscription({ access, subscription }: { access: Access; subscription: SubscriptionDto | null }) {
  const { timezone } = usePreferences();
  let description: string | null = null;
  if (access.state === 'trial' && access.trialDaysLeft !== null) {
    description = `You are on the free trial: ${pluralDays(access.trialDaysLeft)} left (until ${formatBillingDate(access.trialEndsAt, timezone)}). Subscribe to keep access afterwards.`;
  } else if (subscription?.currentPeriodEnd && subscription.status === 'expired') {
    description = `Your subscription ended on ${formatBillingDate(subscription.currentPeriodEnd, timezone)}.`;
  } else if (access.message) {
    description = access.message;
  }
  return (
    <EmptyState
      title={BILLING_MESSAGES.noSubscription}
      description={description}
      action={<SubscribeButton />}
    />
  );
}

const STATUS_LABELS: Record<SubscriptionDto['status'], string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  paused: 'Paused',
  expired: 'Expired',
};

function SubscriptionDetails({ subscription }: { subscription: SubscriptionDto }) {
  const { timezone } = usePreferences();
  const [confirming, setConfirming] = useState(false);
  const cancel = useChangeSubscription('cancel');
  const resume = useChangeSubscription('resume');
  const cancelling = subscription.cancelAtPeriodEnd;
  const periodEnd = formatBillingDate(subscription.currentPeriodEnd, timezone);

  async function confirmCancel() {
    try {
      const answer = await cancel.mutateAsync();
      toast.success(
        cancelledToast(formatBillingDate(answer.endsAt ?? answer.subscription.currentPeriodEnd, timezone)),
        {
          duration: 5000,
        },
      );
    } catch {
      toast.error(BILLING_MESSAGES.failedToCancel);
    } finally {
      setConfirming(false);
    }
  }

  async function resumeNow() {
    try {
      await resume.mutateAsync();
      toast.success('Your subscription will continue.');
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message ? error.message : BILLING_MESSAGES.failedToResume,
      );
    }
  }

  const rows: Array<[string, string]> = [
    ['Plan', subscription.planName ?? 'Postloom'],
    ['Next billing date', cancelling || subscription.status !== 'active' ? 'N/A' : periodEnd],
    ['Subscribed since', formatBillingDate(subscription.createdAt, timezone)],
  ];
  if (subscription.cardLastFour) {
    rows.push([
      'Payment method',
      `${capitalise(subscription.cardBrand ?? 'Card')} ending in ${subscription.cardLastFour}`,
    ]);
  }

  return (
    <div>
      <dl className="divide-y divide-gray-100 rounded-lg border border-gray-200">
        <div className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
          <dt className="font-medium text-gray-500 text-sm sm:w-44">Status</dt>
          <dd className="flex flex-wrap items-center gap-2 text-gray-900 text-sm">
            <span
              className={`inline-flex items-center rounded-full px-2.5 py-0.5 font-medium text-xs ${
                cancelling ? 'bg-amber-50 text-amber-800' : 'bg-green-50 text-green-700'
              }`}
            >
              {cancelling ? 'Cancelling' : STATUS_LABELS[subscription.status]}
            </span>
            {cancelling ? <span>will cancel on {periodEnd}</span> : null}
          </dd>
        </div>
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:gap-4">
            <dt className="font-medium text-gray-500 text-sm sm:w-44">{label}</dt>
            <dd className="text-gray-900 text-sm">{value}</dd>
          </div>
        ))}
      </dl>
      {cancelling ? (
        <p className="mt-4 text-gray-600 text-sm">
          You keep full access until {periodEnd}. You will not be charged again.
        </p>
      ) : null}
      <div className="mt-5 flex flex-wrap gap-3">
        {subscription.canCancel ? (
          <Button variant="secondary" className="text-red-600" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        ) : null}
        {subscription.canResume ? (
          <Button onClick={resumeNow} loading={resume.isPending}>
            Resume subscription
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Cancel subscription"
        message={`Are you sure you want to cancel your subscription? You keep access until ${periodEnd}.`}
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirmCancel}
      />
    </div>
  );
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

function DetailsSkeleton() {
  return (
    <div className="animate-pulse space-y-3" role="status" aria-label="Loading subscription">
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="h-5 rounded bg-gray-100" style={{ width: `${80 - row * 12}%` }} />
      ))}
    </div>
  );
}
