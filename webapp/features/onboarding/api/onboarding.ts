import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardVisitDto, OnboardingDto } from '../../../../shared/onboarding/api';
import { api } from '../../../lib/api-client';
import { onboardingKeys } from '../../../lib/query-keys';

export async function getOnboarding(): Promise<OnboardingDto> {
  return (await api<{ onboarding: OnboardingDto }>('/api/onboarding')).onboarding;
}

export function onboardingQueryOptions() {
  return queryOptions({ queryKey: onboardingKeys.checklist(), queryFn: getOnboarding });
}

/** The checklist; read again whenever the dashboard opens (the steps are done elsewhere). */
export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}

export async function dismissOnboarding(): Promise<OnboardingDto> {
  return (await api<{ onboarding: OnboardingDto }>('/api/onboarding/dismiss', { method: 'POST' })).onboarding;
}

export function useDismissOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissOnboarding,
    onSuccess: (onboarding) => queryClient.setQueryData(onboardingKeys.checklist(), onboarding),
  });
}

/**
 * Records this dashboard visit once per page load (the answer is kept for the whole load, so
 * going to another page and back does not turn "Welcome" into "Welcome Back" mid-visit).
 */
export function useDashboardVisit() {
  return useQuery({
    queryKey: onboardingKeys.visit(),
    queryFn: () => api<DashboardVisitDto>('/api/onboarding/visit', { method: 'POST' }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
