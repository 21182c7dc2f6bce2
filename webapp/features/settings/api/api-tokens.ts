import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApiTokenList,
  ApiTokenSummary,
  CreateApiTokenInput,
  CreatedApiToken,
} from '../../../../shared/api-tokens/api-tokens';
import { api } from '../../../lib/api-client';

const apiTokensKey = ['settings', 'api-tokens'] as const;

export async function listApiTokens(): Promise<ApiTokenSummary[]> {
  return (await api<ApiTokenList>('/api/api-tokens')).tokens;
}

export function apiTokensQueryOptions() {
  return queryOptions({ queryKey: apiTokensKey, queryFn: listApiTokens });
}

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}

export function createApiToken(input: CreateApiTokenInput): Promise<CreatedApiToken> {
  return api<CreatedApiToken>('/api/api-tokens', { method: 'POST', json: input });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}

export function revokeApiToken(id: string): Promise<{ ok: true }> {
  return api(`/api/api-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensKey }),
  });
}
