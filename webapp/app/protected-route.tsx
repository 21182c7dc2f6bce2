import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorScreen } from '../components/error-screen';
import { FullScreenLoader } from '../components/full-screen-loader';
import { useSession } from '../shared/session/get-session';
import { RETURN_TO_KEY } from '../shared/session/return-to';
import { clearSessionEnd, getSessionEnd } from '../shared/session/session-end';

/**
 * Spec 01 section 2: while the session loads show 'Authenticating...'; signed out, remember the
 * origin path (pathname + search) and go to /login. After a sign-out the reason decides whether
 * the origin is remembered and which notice the login page shows (navigation state `{ error }`, shown in red).
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullScreenLoader label="Authenticating..." />;
  // The session could not be checked (network or server down): do not pretend the user signed out.
  if (session.isError && session.data === undefined) {
    return <ErrorScreen error={session.error} onRetry={() => session.refetch()} fullScreen />;
  }
  if (!session.data) {
    const end = getSessionEnd();
    if (!end || end.rememberOrigin) rememberOrigin(`${location.pathname}${location.search}`);
    const state = end?.message
      ? end.tone === 'success'
        ? { message: end.message }
        : { error: end.message }
      : undefined;
    return <Navigate to="/login" replace state={state} />;
  }
  clearSessionEnd();
  return children;
}

function rememberOrigin(origin: string) {
  if (origin === '/' || origin === '/login') return;
  try {
    sessionStorage.setItem(RETURN_TO_KEY, origin);
  } catch {
    // storage can be disabled; the user then lands on /dashboard after signing in
  }
}
