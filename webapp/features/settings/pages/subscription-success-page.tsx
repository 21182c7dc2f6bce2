import { Link } from 'react-router';

/** `/subscription/success`: where checkout returns. */
export function SubscriptionSuccessPage() {
  return (
    <div className="mx-auto max-w-lg rounded-xl border border-gray-200 bg-white p-8 text-center shadow-sm">
      <h1 className="font-bold text-2xl text-gray-900">Thank you</h1>
      <p className="mt-2 text-gray-600 text-sm">
        Your checkout is complete. Your subscription status is shown in Settings.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link
          to="/dashboard"
          className="inline-flex h-10 items-center justify-center rounded-lg bg-brand-600 px-4 font-medium text-sm text-white hover:bg-brand-700"
        >
          Go to Dashboard
        </Link>
        <Link
          to="/settings/subscription"
          className="inline-flex h-10 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 font-medium text-gray-700 text-sm hover:bg-gray-50"
        >
          View Subscription
        </Link>
      </div>
    </div>
  );
}
