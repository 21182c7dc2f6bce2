import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { LoadingCard } from '../components/loading-card';
import { accountCallbackRoutes } from '../features/accounts/routes';
import { authRoutes } from '../features/auth/routes';
import { AuthErrorPage } from './pages/auth-error-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProtectedRoute } from './protected-route';
import { RouteErrorBoundary } from './route-error-boundary';

/**
 * Every page is its own chunk (the sign-in pages in features/auth/routes.tsx), downloaded when it
 * is first shown. The entry holds only React, the router (its declarative mode: the data router
 * is twice the size and its loaders are not used), React Query and the guards, so the sign-in page
 * does not download the signed-in app (`npm run bench:bundle` keeps the budgets). Navigations run
 * in a transition: the current page stays until the next one's chunk is there, no fallback flashes.
 */
const AppShell = lazy(() => import('./shell/app-shell').then((m) => ({ default: m.AppShell })));
// The subscription gate decides per page (deny by default) when billing is on.
const SubscriptionGate = lazy(() =>
  import('../features/billing/components/subscription-gate').then((m) => ({ default: m.SubscriptionGate })),
);
const DashboardPage = lazy(() =>
  import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })),
);
const SentPage = lazy(() =>
  import('../features/posts/pages/sent-page').then((m) => ({ default: m.SentPage })),
);
const ImportPage = lazy(() =>
  import('../features/bulk-import/pages/import-page').then((m) => ({ default: m.ImportPage })),
);
const SchedulePage = lazy(() =>
  import('../features/schedule/pages/schedule-page').then((m) => ({ default: m.SchedulePage })),
);
const CalendarPage = lazy(() =>
  import('../features/calendar/pages/calendar-page').then((m) => ({ default: m.CalendarPage })),
);
// Analytics brings apexcharts: loaded when the page is opened, so other pages do not pay for it.
const AnalyticsPage = lazy(() =>
  import('../features/analytics/pages/analytics-page').then((m) => ({ default: m.AnalyticsPage })),
);
const QueuesPage = lazy(() =>
  import('../features/queues/pages/queues-page').then((m) => ({ default: m.QueuesPage })),
);
const SettingsLayout = lazy(() =>
  import('../features/settings/pages/settings-layout').then((m) => ({ default: m.SettingsLayout })),
);
const ProfilePage = lazy(() =>
  import('../features/settings/pages/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const PrivacySecurityPage = lazy(() =>
  import('../features/settings/pages/privacy-security-page').then((m) => ({
    default: m.PrivacySecurityPage,
  })),
);
const ApiSettingsPage = lazy(() =>
  import('../features/settings/pages/api-settings-page').then((m) => ({ default: m.ApiSettingsPage })),
);
const SubscriptionPage = lazy(() =>
  import('../features/billing/pages/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
);
const WebhooksPage = lazy(() =>
  import('../features/settings/pages/webhooks-page').then((m) => ({ default: m.WebhooksPage })),
);
const NotificationSettingsPage = lazy(() =>
  import('../features/settings/pages/notification-settings-page').then((m) => ({
    default: m.NotificationSettingsPage,
  })),
);
const SubscriptionSuccessPage = lazy(() =>
  import('../features/billing/pages/subscription-success-page').then((m) => ({
    default: m.SubscriptionSuccessPage,
  })),
);
const ConnectExtensionPage = lazy(() =>
  import('../features/extension/pages/connect-extension-page').then((m) => ({
    default: m.ConnectExtensionPage,
  })),
);
const PrivacyPolicyPage = lazy(() =>
  import('../features/legal/pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsPage = lazy(() =>
  import('../features/legal/pages/terms-page').then((m) => ({ default: m.TermsPage })),
);
const DataDeletionPage = lazy(() =>
  import('../features/legal/pages/data-deletion-page').then((m) => ({ default: m.DataDeletionPage })),
);

/** Pages inside the guard and the application shell (paths relative to /). */
const protectedRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'sent', element: <SentPage /> },
  { path: 'posts/import', element: <ImportPage /> },
  { path: 'schedule', element: <SchedulePage /> },
  { path: 'calendar', element: <CalendarPage /> },
  {
    path: 'analytics',
    element: (
      <Suspense fallback={<LoadingCard message="Loading analytics…" size="lg" />}>
        <AnalyticsPage />
      </Suspense>
    ),
  },
  { path: 'automated-queues', element: <QueuesPage /> },
  {
    path: 'settings',
    element: <SettingsLayout />,
    children: [
      { index: true, element: <Navigate to="/settings/profile" replace /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'privacy', element: <PrivacySecurityPage /> },
      { path: 'api', element: <ApiSettingsPage /> },
      { path: 'subscription', element: <SubscriptionPage /> },
      { path: 'notifications', element: <NotificationSettingsPage /> },
      { path: 'webhooks', element: <WebhooksPage /> },
      { path: 'delete-account', element: <PrivacySecurityPage openDelete /> },
      { path: '*', element: <NotFoundPage inShell /> },
    ],
  },
  { path: 'subscription/success', element: <SubscriptionSuccessPage /> },
  { path: 'subscription', element: <Navigate to="/settings/subscription" replace /> },
  { path: 'extension/connect', element: <ConnectExtensionPage /> },
];

/** Every route of the web app: public pages, then the protected shell, then the 404 page. */
const routes: RouteObject[] = [
  ...authRoutes,
  ...accountCallbackRoutes,
  { path: '/error', element: <AuthErrorPage /> },
  { path: '/privacy', element: <PrivacyPolicyPage /> },
  { path: '/terms', element: <TermsPage /> },
  { path: '/data-deletion', element: <DataDeletionPage /> },
  {
    path: '/',
    element: (
      <ProtectedRoute>
        <AppShell />
      </ProtectedRoute>
    ),
    children: [
      {
        // Errors inside a page keep the header and sidebar around them.
        element: (
          <RouteErrorBoundary>
            <SubscriptionGate />
          </RouteErrorBoundary>
        ),
        children: protectedRoutes,
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** The web app's pages, inside a `BrowserRouter`. */
export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary>
      {/* Shown while the first page's chunk loads. */}
      <Suspense fallback={<FullScreenLoader label="Loading..." />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}
