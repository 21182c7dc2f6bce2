import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { LoadingCard } from '../components/loading-card';
import { accountCallbackRoutes } from '../features/accounts/routes';
import { authRoutes } from '../features/auth/routes';
import { SubscriptionGate } from '../features/billing/components/subscription-gate';
import { SubscriptionPage } from '../features/billing/pages/subscription-page';
import { SubscriptionSuccessPage } from '../features/billing/pages/subscription-success-page';
import { CalendarPage } from '../features/calendar/pages/calendar-page';
import { ConnectExtensionPage } from '../features/extension/pages/connect-extension-page';
import { DataDeletionPage } from '../features/legal/pages/data-deletion-page';
import { PrivacyPolicyPage } from '../features/legal/pages/privacy-policy-page';
import { TermsPage } from '../features/legal/pages/terms-page';
import { DashboardPage } from '../features/posts/pages/dashboard-page';
import { SentPage } from '../features/posts/pages/sent-page';
import { QueuesPage } from '../features/queues/pages/queues-page';
import { SchedulePage } from '../features/schedule/pages/schedule-page';
import { NotificationSettingsPage } from '../features/settings/pages/notification-settings-page';
import { PrivacySecurityPage } from '../features/settings/pages/privacy-security-page';
import { ProfilePage } from '../features/settings/pages/profile-page';
import { SettingsLayout } from '../features/settings/pages/settings-layout';
import { AppShell } from '../features/shell/components/app-shell';
import { AuthErrorPage } from '../features/shell/pages/auth-error-page';
import { NotFoundPage } from '../features/shell/pages/not-found-page';
import { ProtectedRoute } from './protected-route';
import { RouteErrorBoundary } from './route-error-boundary';

// Analytics brings apexcharts: loaded when the page is opened, so other pages do not pay for it.
const AnalyticsPage = lazy(() =>
  import('../features/analytics/pages/analytics-page').then((module) => ({ default: module.AnalyticsPage })),
);

/** Pages inside the guard and the application shell (paths relative to /). */
function protectedRoutes(): RouteObject[] {
  return [
    { index: true, element: <DashboardPage /> },
    { path: 'dashboard', element: <DashboardPage /> },
    { path: 'sent', element: <SentPage /> },
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
        { path: 'subscription', element: <SubscriptionPage /> },
        { path: 'notifications', element: <NotificationSettingsPage /> },
        { path: 'delete-account', element: <PrivacySecurityPage openDelete /> },
        { path: '*', element: <NotFoundPage inShell /> },
      ],
    },
    { path: 'subscription/success', element: <SubscriptionSuccessPage /> },
    { path: 'subscription', element: <Navigate to="/settings/subscription" replace /> },
    { path: 'extension/connect', element: <ConnectExtensionPage /> },
  ];
}

/** Every route of the web app: public pages, then the protected shell, then the 404 page. */
export function createRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorBoundary />,
      children: [
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
          // Errors inside a page keep the header and sidebar around them.
          // The subscription gate decides per page (deny by default) when billing is on.
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              element: <SubscriptionGate />,
              children: protectedRoutes(),
            },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function createAppRouter(_queryClient: QueryClient) {
  return createBrowserRouter(createRoutes());
}
