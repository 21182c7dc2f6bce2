import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPostingTimeInput } from '../../../../shared/schedule/schedule';
import { api } from '../../../lib/api-client';
import { scheduleKeys } from '../../../lib/query-keys';

function useScheduleMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useAddPostingTime() {
  return useScheduleMutation((input: AddPostingTimeInput) =>
    api('/api/schedule/times', { method: 'POST', json: input }),
  );
}

export function useDeletePostingTime() {
  return useScheduleMutation((id: string) =>
    api(`/api/schedule/times/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );
}

export function useClearPostingTimes() {
  return useScheduleMutation((accountId: string | null) =>
    api('/api/schedule/times', { method: 'DELETE', query: { accountId: accountId ?? undefined } }),
  );
}

/** An account gets its own times (on) or goes back to the default schedule (off). */
export function useAccountSchedule() {
  return useScheduleMutation(({ accountId, own }: { accountId: string; own: boolean }) =>
    api(`/api/schedule/accounts/${encodeURIComponent(accountId)}`, { method: own ? 'PUT' : 'DELETE' }),
  );
}

export function useApplyRecommendations() {
  return useScheduleMutation((accountId: string) =>
    api('/api/schedule/recommendations/apply', { method: 'POST', json: { accountId } }),
  );
}
