import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlatformAvailabilityDto } from '../../../../shared/accounts/account';
import { api } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';

export async function listPlatforms(): Promise<PlatformAvailabilityDto[]> {
  const { platforms } = await api<{ platforms: PlatformAvailabilityDto[] }>('/api/accounts/platforms');
  return platforms;
}

/** How this server reaches each platform: real hosts, the sandbox, or not available. */
export function platformsQueryOptions() {
  return queryOptions({
    queryKey: [...accountKeys.all, 'platforms'],
    queryFn: listPlatforms,
    staleTime: 5 * 60_000,
  });
}

export function usePlatforms() {
  return useQuery(platformsQueryOptions());
}
