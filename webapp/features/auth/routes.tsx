import type { RouteObject } from 'react-router';
import { PublicOnlyRoute } from './components/public-only-route';
import { ConfirmPage } from './pages/confirm-page';
import { GoogleCallbackPage } from './pages/google-callback-page';
import { LoginPage } from './pages/login-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SignupPage } from './pages/signup-page';
import { UpdatePasswordPage } from './pages/update-password-page';

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
