import { Link } from 'react-router';
import type { Access } from '../../../../shared/billing/billing';
import { usePreferences } from '../../../shared/preferences/preferences';
import { formatBillingDate } from '../format-date';
import { SubscribeButton } from './subscribe-button';

const BENEFITS = [
  'Schedule posts to X, Facebook, Instagram, LinkedIn and TikTok',
  'Your calendar, posting schedule and analytics in one place',
  'One plan, billed monthly. Cancel any time.',
];

/** What every app page shows without access: the spec's message and Subscribe Now. */
export function Paywall({ access }: { access: Access }) {
  const { timezone } = usePreferences();
  return (
    <section
      aria-labelledby="paywall-title"
      className="mx-auto mt-4 max-w-xl rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm sm:mt-10 sm:p-10"
    >
      <div className="mx-auto mb-5 flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="h-7 w-7"
          aria-hidden="true"
        >
          <rect x="4" y="10" width="16" height="11" rx="2" />
          <path d="M8 10V7a4 4 0 1 1 8 0v3" strokeLinecap="round" />
        </svg>
      </div>
      <h1 id="paywall-title" className="font-semibold text-gray-900 text-xl leading-snug sm:text-2xl">
        {access.message}
      </h1>
      {access.state === 'subscription_ended' && access.endsAt ? (
        <p className="mt-2 text-gray-500 text-sm">
          Your subscription ended on {formatBillingDate(access.endsAt, timezone)}.
        </p>
      ) : null}
      <ul className="mx-auto mt-6 max-w-sm space-y-2 text-left text-gray-600 text-sm">
        {BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              className="mt-0.5 h-4 w-4 shrink-0 text-brand-600"
              aria-hidden="true"
            >
              <path
                fillRule="evenodd"
                d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z"
                clipRule="evenodd"
              />
            </svg>
            {benefit}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-center gap-3">
        <SubscribeButton size="lg" className="w-full sm:w-auto" />
        <Link to="/settings/subscription" className="text-gray-500 text-sm hover:text-gray-800">
          Manage subscription
        </Link>
      </div>
    </section>
  );
}
