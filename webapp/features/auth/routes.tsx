import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { PublicOnlyRoute } from './components/public-only-route';

// Each sign-in page is its own chunk, so the sign-in page downloads only what it shows
// (`npm run bench:bundle` keeps it within its budget).
const LoginPage = lazy(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import('./pages/signup-page').then((m) => ({ default: m.SignupPage })));
const ResetPasswordPage = lazy(() =>
  import('./pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const UpdatePasswordPage = lazy(() =>
  import('./pages/update-password-page').then((m) => ({ default: m.UpdatePasswordPage })),
);
const ConfirmPage = lazy(() => import('./pages/confirm-page').then((m) => ({ default: m.ConfirmPage })));
const GoogleCallbackPage = lazy(() =>
  import('./pages/google-callback-page').then((m) => ({ default: m.GoogleCallbackPage })),
);

/** The public sign-in pages; the app router mounts these next to the protected shell. */
export const authRoutes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <PublicOnlyRoute>
        <LoginPage />
      </PublicOnlyRoute>
    ),
  },
  {
    path: '/signup',
    element: (
      <PublicOnlyRoute>
        <SignupPage />
      </PublicOnlyRoute>
    ),
  },
  {
    path: '/reset-password',
    element: (
      <PublicOnlyRoute>
        <ResetPasswordPage />
      </PublicOnlyRoute>
    ),
  },
  // Never redirected: a signed-in user may still follow a reset link.
  { path: '/update-password', element: <UpdatePasswordPage /> },
  { path: '/auth/confirm', element: <ConfirmPage /> },
  { path: '/auth/callback', element: <GoogleCallbackPage /> },
];
