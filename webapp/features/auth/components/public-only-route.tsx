import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { useSession } from '../../../shared/session/get-session';
import { clearReturnTo, peekReturnTo } from '../../../shared/session/return-to';
import { clearPendingSignup } from '../pending-signup';

/** Public-only pages: a signed-in user goes to the remembered origin path or /dashboard. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullScreenLoader label="Authenticating..." />;
  if (session.data) return <RedirectSignedIn />;
  return children;
}

function RedirectSignedIn() {
  // Read during render, forgotten after commit: a double render must not lose the path.
  const target = peekReturnTo();
  useEffect(() => {
    clearReturnTo();
    clearPendingSignup();
  }, []);
  return <Navigate to={target} replace />;
}
