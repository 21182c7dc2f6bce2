import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whose password a reset link resets (the link stays unused): the page fills the username field. */
export function previewReset(token: string): Promise<{ email: string }> {
  return api<{ email: string }>('/api/auth/password/preview', { query: { token } });
}

export function previewResetQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-preview', token] as const,
    queryFn: () => previewReset(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePreviewReset(token: string) {
  return useQuery({ ...previewResetQueryOptions(token), enabled: token.length > 0 });
}
