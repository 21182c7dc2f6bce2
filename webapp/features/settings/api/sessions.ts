import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionDto } from '../../../../shared/settings/sessions';
import { api } from '../../../lib/api-client';

const sessionsKey = ['settings', 'sessions'] as const;

export async function listSessions(): Promise<SessionDto[]> {
  return (await api<{ sessions: SessionDto[] }>('/api/settings/sessions')).sessions;
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: sessionsKey, queryFn: listSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function signOutSession(id: string): Promise<{ ok: true }> {
  return api(`/api/settings/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
