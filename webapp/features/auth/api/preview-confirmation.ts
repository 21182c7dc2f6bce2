import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Whose account a confirmation link opens; the link stays unused until the visitor chooses. */
export function previewConfirmation(token: string): Promise<{ email: string }> {
  return api<{ email: string }>('/api/auth/confirm/preview', { query: { token } });
}

export function previewConfirmationQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'confirm-preview', token] as const,
    queryFn: () => previewConfirmation(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePreviewConfirmation(token: string | null) {
  return useQuery({ ...previewConfirmationQueryOptions(token ?? ''), enabled: !!token });
}
