import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '../../../../shared/auth/session';
import { ApiError, api } from '../../../lib/api-client';

export const sessionQueryKey = ['auth', 'session'] as const;

/** The signed-in user, or null when signed out (a 401 is an answer, not an error). */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const { user } = await api<{ user: SessionUser }>('/api/auth/session');
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({ queryKey: sessionQueryKey, queryFn: getSession, staleTime: 60_000, retry: 1 });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
