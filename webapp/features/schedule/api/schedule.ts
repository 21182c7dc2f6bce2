import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddPostingTimeInput, ScheduleOverviewDto } from '../../../../shared/schedule/schedule';
import { api } from '../../../lib/api-client';

export const scheduleKeys = {
  all: ['schedule'] as const,
  schedule: (accountId: string | null) => [...scheduleKeys.all, 'times', accountId ?? 'default'] as const,
  recommendations: () => [...scheduleKeys.all, 'recommendations'] as const,
};

/**
 * The schedule (default, or an account's own); the first visit creates the default one in the
 * user's stored zone. The browser's zone is not sent: the page offers it, the user decides.
 */
export function getSchedule(accountId: string | null): Promise<ScheduleOverviewDto> {
  return api<ScheduleOverviewDto>('/api/schedule', { query: { accountId: accountId ?? undefined } });
}

export function scheduleQueryOptions(accountId: string | null) {
  return queryOptions({ queryKey: scheduleKeys.schedule(accountId), queryFn: () => getSchedule(accountId) });
}

export function useSchedule(accountId: string | null) {
  return useQuery(scheduleQueryOptions(accountId));
}

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
