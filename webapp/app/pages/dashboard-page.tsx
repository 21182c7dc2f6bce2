import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { SubscriptionBanner } from '../../features/billing/components/subscription-banner';
import { useDashboardVisit } from '../../features/onboarding/api/onboarding';
import { OnboardingChecklist } from '../../features/onboarding/components/onboarding-checklist';
import { UpcomingPosts } from '../../features/posts/components/list/upcoming-posts';
import { ConnectAccountButton } from '../../shared/accounts/connect-account-button';
import { openConnectModal } from '../../shared/accounts/connect-modal-store';
import { CreatePostFab } from '../../shared/composer/create-post-fab';
import { openComposer } from '../../shared/composer/create-post-host';

/**
 * `/dashboard` (and `/`): 'Welcome' (first visit) or 'Welcome Back', 'Content Calendar', the
 * getting-started checklist for a new user, filters and the paginated upcoming posts. The page
 * puts together the billing banner, the onboarding checklist and the posts list.
 */
export function DashboardPage() {
  const visit = useDashboardVisit();
  // 'Welcome' on the user's very first visit (recorded on the server), 'Welcome Back' after.
  const greeting = visit.data
    ? visit.data.firstVisit
      ? 'Welcome'
      : 'Welcome Back'
    : visit.isError
      ? 'Welcome Back'
      : null;
  return (
    <>
      <SubscriptionBanner />
      {/* Spec 01 and 02 fix the heading 'Content Calendar' word for word; the line under it says
          what the page lists and where the calendar itself is. */}
      <PageHeader
        eyebrow={greeting}
        title="Content Calendar"
        description={
          <>
            Your upcoming posts and drafts. See them by date in the{' '}
            <Link to="/calendar" className="font-medium text-brand-600 hover:text-brand-700">
              Calendar
            </Link>
            .
          </>
        }
        actions={
          <>
            <Link
              to="/posts/import"
              className="inline-flex h-10 items-center rounded-lg border border-gray-300 bg-white px-4 font-medium text-gray-700 text-sm shadow-sm hover:bg-gray-50"
            >
              Import CSV
            </Link>
            <ConnectAccountButton />
          </>
        }
      />
      <OnboardingChecklist actions={{ connectAccount: openConnectModal, createPost: () => openComposer() }} />
      <UpcomingPosts />
      {/* Room for the floating button, so it never covers the last card's actions. */}
      <div className="h-20" aria-hidden="true" />
      <CreatePostFab />
    </>
  );
}
