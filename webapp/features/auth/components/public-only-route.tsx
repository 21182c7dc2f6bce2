import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullScreenLoader } from '../../../components/full-screen-loader';
import { useSession } from '../api/get-session';
import { takeReturnTo } from '../return-to';

/** Public-only pages: a signed-in user goes to the remembered origin path or /dashboard. */
export function PublicOnlyRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullScreenLoader />;
  if (session.data) return <Navigate to={takeReturnTo()} replace />;
  return children;
}
