import type { RouteObject } from 'react-router';
import { PublicOnlyRoute } from './components/public-only-route';

/**
 * The public sign-in pages; the app router mounts these next to the protected shell. Each page is
 * its own chunk, so the sign-in page downloads only what it shows (`npm run bench:bundle` keeps
 * it within its budget).
 */
export const authRoutes: RouteObject[] = [
  {
    path: '/login',
    lazy: () =>
      import('./pages/login-page').then((m) => ({
        element: (
          <PublicOnlyRoute>
            <m.LoginPage />
          </PublicOnlyRoute>
        ),
      })),
  },
  {
    path: '/signup',
    lazy: () =>
      import('./pages/signup-page').then((m) => ({
        element: (
          <PublicOnlyRoute>
            <m.SignupPage />
          </PublicOnlyRoute>
        ),
      })),
  },
  {
    path: '/reset-password',
    lazy: () =>
      import('./pages/reset-password-page').then((m) => ({
        element: (
          <PublicOnlyRoute>
            <m.ResetPasswordPage />
          </PublicOnlyRoute>
        ),
      })),
  },
  // Never redirected: a signed-in user may still follow a reset link.
  {
    path: '/update-password',
    lazy: () => import('./pages/update-password-page').then((m) => ({ Component: m.UpdatePasswordPage })),
  },
  {
    path: '/auth/confirm',
    lazy: () => import('./pages/confirm-page').then((m) => ({ Component: m.ConfirmPage })),
  },
  {
    path: '/auth/callback',
    lazy: () => import('./pages/google-callback-page').then((m) => ({ Component: m.GoogleCallbackPage })),
  },
];
