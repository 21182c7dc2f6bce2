import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The part of `GET /api/app-config` the sign-in pages use (same key: one cached answer). */
export interface AuthConfig {
  googleSignIn: boolean;
  devMailbox: boolean;
}

export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: ['app-config'] as const,
    queryFn: () => api<AuthConfig>('/api/app-config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
