import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfigDto } from '../../../shared/http/app-config';
import { DEFAULT_LATE_GRACE_MINUTES } from '../../../shared/posts/post-timing';
import { api } from '../../lib/api-client';

const appConfigQueryKey = ['app-config'] as const;

/** `GET /api/app-config`: public facts the web app needs (no secrets). */
function getAppConfig(): Promise<AppConfigDto> {
  return api<AppConfigDto>('/api/app-config');
}

function appConfigQueryOptions() {
  return queryOptions({
    queryKey: appConfigQueryKey,
    queryFn: getAppConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}

/** The server's LATE_GRACE_MINUTES: how late a scheduled post may be before it counts as missed. */
export function useLateGraceMinutes(): number {
  return useAppConfig().data?.lateGraceMinutes ?? DEFAULT_LATE_GRACE_MINUTES;
}
