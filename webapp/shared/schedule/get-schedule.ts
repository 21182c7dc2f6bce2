import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleOverviewDto } from '../../../shared/schedule/schedule';
import { api } from '../../lib/api-client';
import { scheduleKeys } from '../../lib/query-keys';

/**
 * The schedule (default, or an account's own); the first visit creates the default one in the
 * user's stored zone. The browser's zone is not sent: the page offers it, the user decides.
 */
function getSchedule(accountId: string | null): Promise<ScheduleOverviewDto> {
  return api<ScheduleOverviewDto>('/api/schedule', { query: { accountId: accountId ?? undefined } });
}

function scheduleQueryOptions(accountId: string | null) {
  return queryOptions({ queryKey: scheduleKeys.schedule(accountId), queryFn: () => getSchedule(accountId) });
}

export function useSchedule(accountId: string | null) {
  return useQuery(scheduleQueryOptions(accountId));
}
