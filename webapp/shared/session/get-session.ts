import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '../../../shared/auth/session';
import { api, reportSignedOut } from '../../lib/api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

/**
 * The signed-in user, or null when signed out. The server answers `{ user: null }` (200) rather
 * than a 401, so a signed-out page logs no failed request; a session that ended while the app
 * held a user still reaches the session layer (it shows "session expired").
 */
async function getSession(): Promise<SessionUser | null> {
  const { user } = await api<SessionResponse>('/api/auth/session');
  if (!user) reportSignedOut();
  return user;
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: 1 });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
