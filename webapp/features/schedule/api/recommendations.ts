import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformId } from '../../../../shared/platforms/ids';
import type { Recommendation } from '../../../../shared/schedule/recommendations';
import { api } from '../../../lib/api-client';
import { scheduleKeys } from '../../../lib/query-keys';

interface AccountRecommendation extends Recommendation {
  accountId: string;
  platform: PlatformId;
  accountName: string;
}

export async function getRecommendations(): Promise<AccountRecommendation[]> {
  return (await api<{ recommendations: AccountRecommendation[] }>('/api/schedule/recommendations'))
    .recommendations;
}

export function recommendationsQueryOptions() {
  return queryOptions({ queryKey: scheduleKeys.recommendations(), queryFn: getRecommendations });
}

export function useRecommendations() {
  return useQuery(recommendationsQueryOptions());
}
