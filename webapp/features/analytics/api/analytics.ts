import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyticsResult } from '../../../../shared/analytics/api';
import { api } from '../../../lib/api-client';

export interface AnalyticsFilters {
  from: string;
  to: string;
  compareFrom: string;
  compareTo: string;
  platforms: string[];
  /** '' for every account. */
  accountId: string;
}

const analyticsKeys = {
  all: ['analytics'] as const,
  result: (filters: AnalyticsFilters) => [...analyticsKeys.all, filters] as const,
};

export function analyticsQuery(filters: AnalyticsFilters): Record<string, string> {
  return {
    from: filters.from,
    to: filters.to,
    compareFrom: filters.compareFrom,
    compareTo: filters.compareTo,
    platforms: filters.platforms.join(','),
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
  };
}

/** Numbers from the server's stored snapshots (the browser never calls a platform). */
export function useAnalytics(filters: AnalyticsFilters) {
  return useQuery({
    queryKey: analyticsKeys.result(filters),
    queryFn: () => api<AnalyticsResult>('/api/analytics', { query: analyticsQuery(filters) }),
    placeholderData: keepPreviousData,
    // Spec 02: five minutes; the collector reads hourly, Refresh reads at once.
    staleTime: 300_000,
    retry: false,
  });
}

export function useRefreshAnalytics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ refreshedAt: string }>('/api/analytics/refresh', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
  });
}

/** Downloads the CSV through the session cookie and hands it to the browser as a file. */
export async function downloadAnalyticsCsv(filters: AnalyticsFilters): Promise<string> {
  const query = new URLSearchParams(analyticsQuery(filters));
  const res = await fetch(`/api/analytics/export?${query}`, { credentials: 'same-origin' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `Export failed (${res.status})`);
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'analytics.csv';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
