import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { FullScreenLoader } from '../components/full-screen-loader';
import { LoadingCard } from '../components/loading-card';
import { accountCallbackRoutes } from '../features/accounts/routes';
import { authRoutes } from '../features/auth/routes';
import { AuthErrorPage } from './pages/auth-error-page';
import { NotFoundPage } from './pages/not-found-page';
import { ProtectedRoute } from './protected-route';
import { RouteErrorBoundary } from './route-error-boundary';

// Analytics brings apexcharts: loaded when the page is opened, so other pages do not pay for it.
const AnalyticsPage = lazy(() =>
  import('../features/analytics/pages/analytics-page').then((module) => ({ default: module.AnalyticsPage })),
);

/**
 * Every page is its own chunk (the sign-in pages in features/auth/routes.tsx), loaded by the
 * router when the page is opened or a link to it is followed (the navigation waits for the chunk;
 * no flash of a fallback). The entry holds only React, the router, React Query and the guards, so
 * the sign-in page does not download the signed-in app (`npm run bench:bundle` keeps the budgets).
 */
const pages = {
  shell: () =>
    import('./shell/app-shell').then((m) => ({
      element: (
        <ProtectedRoute>
          <m.AppShell />
        </ProtectedRoute>
      ),
    })),
  // The subscription gate decides per page (deny by default) when billing is on.
  subscriptionGate: () =>
    import('../features/billing/components/subscription-gate').then((m) => ({
      Component: m.SubscriptionGate,
    })),
  dashboard: () => import('./pages/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  sent: () => import('../features/posts/pages/sent-page').then((m) => ({ Component: m.SentPage })),
  schedule: () =>
    import('../features/schedule/pages/schedule-page').then((m) => ({ Component: m.SchedulePage })),
  calendar: () =>
    import('../features/calendar/pages/calendar-page').then((m) => ({ Component: m.CalendarPage })),
  queues: () => import('../features/queues/pages/queues-page').then((m) => ({ Component: m.QueuesPage })),
  settings: () =>
    import('../features/settings/pages/settings-layout').then((m) => ({ Component: m.SettingsLayout })),
  profile: () =>
    import('../features/settings/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
  privacy: () =>
    import('../features/settings/pages/privacy-security-page').then((m) => ({
      Component: m.PrivacySecurityPage,
    })),
  deleteAccount: () =>
    import('../features/settings/pages/privacy-security-page').then((m) => ({
      element: <m.PrivacySecurityPage openDelete />,
    })),
  subscription: () =>
    import('../features/billing/pages/subscription-page').then((m) => ({ Component: m.SubscriptionPage })),
  notifications: () =>
    import('../features/settings/pages/notification-settings-page').then((m) => ({
      Component: m.NotificationSettingsPage,
    })),
  subscriptionSuccess: () =>
    import('../features/billing/pages/subscription-success-page').then((m) => ({
      Component: m.SubscriptionSuccessPage,
    })),
  connectExtension: () =>
    import('../features/extension/pages/connect-extension-page').then((m) => ({
      Component: m.ConnectExtensionPage,
    })),
  privacyPolicy: () =>
    import('../features/legal/pages/privacy-policy-page').then((m) => ({ Component: m.PrivacyPolicyPage })),
  terms: () => import('../features/legal/pages/terms-page').then((m) => ({ Component: m.TermsPage })),
  dataDeletion: () =>
    import('../features/legal/pages/data-deletion-page').then((m) => ({ Component: m.DataDeletionPage })),
} satisfies Record<string, RouteObject['lazy']>;

/** Pages inside the guard and the application shell (paths relative to /). */
function protectedRoutes(): RouteObject[] {
  return [
    { index: true, lazy: pages.dashboard },
    { path: 'dashboard', lazy: pages.dashboard },
    { path: 'sent', lazy: pages.sent },
    { path: 'schedule', lazy: pages.schedule },
    { path: 'calendar', lazy: pages.calendar },
    {
      path: 'analytics',
      element: (
        <Suspense fallback={<LoadingCard message="Loading analytics…" size="lg" />}>
          <AnalyticsPage />
        </Suspense>
      ),
    },
    { path: 'automated-queues', lazy: pages.queues },
    {
      path: 'settings',
      lazy: pages.settings,
      children: [
        { index: true, element: <Navigate to="/settings/profile" replace /> },
        { path: 'profile', lazy: pages.profile },
        { path: 'privacy', lazy: pages.privacy },
        { path: 'subscription', lazy: pages.subscription },
        { path: 'notifications', lazy: pages.notifications },
        { path: 'delete-account', lazy: pages.deleteAccount },
        { path: '*', element: <NotFoundPage inShell /> },
      ],
    },
    { path: 'subscription/success', lazy: pages.subscriptionSuccess },
    { path: 'subscription', element: <Navigate to="/settings/subscription" replace /> },
    { path: 'extension/connect', lazy: pages.connectExtension },
  ];
}

/** Every route of the web app: public pages, then the protected shell, then the 404 page. */
function createRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteErrorBoundary />,
      // Shown while the first page's chunk loads.
      hydrateFallbackElement: <FullScreenLoader label="Loading..." />,
      children: [
        ...authRoutes,
        ...accountCallbackRoutes,
        { path: '/error', element: <AuthErrorPage /> },
        { path: '/privacy', lazy: pages.privacyPolicy },
        { path: '/terms', lazy: pages.terms },
        { path: '/data-deletion', lazy: pages.dataDeletion },
        {
          path: '/',
          lazy: pages.shell,
          // Errors inside a page keep the header and sidebar around them.
          children: [
            {
              errorElement: <RouteErrorBoundary />,
              lazy: pages.subscriptionGate,
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
