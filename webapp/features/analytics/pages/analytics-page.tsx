import { useState } from 'react';
import { toast } from 'sonner';
import { ANALYTICS_MESSAGES } from '../../../../shared/analytics/api';
import { ApiError } from '../../../../shared/http/api-error';
import { getPlatform } from '../../../../shared/platforms/registry';
import { formatDateTime } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { LoadingCard } from '../../../components/loading-card';
import { PageHeader } from '../../../components/page-header';
import { usePreferences } from '../../../shared/preferences/preferences';

import {
  type AnalyticsFilters,
  downloadAnalyticsCsv,
  useAnalytics,
  useRefreshAnalytics,
} from '../api/analytics';
import { AnalyticsFiltersBar } from '../components/analytics-filters';
import { BestTimeHeatmap } from '../components/best-time-heatmap';
import { EngagementChart } from '../components/engagement-chart';
import { OverviewCards } from '../components/overview-cards';
import { PlatformMetrics } from '../components/platform-metrics';
import { TopPosts } from '../components/top-posts';
import { dayInZone } from '../lib/format';

/** Spec 02 section 8: the failure line and the hint under it. */
function describeFailure(error: unknown): { message: string; hint: string } {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.code === 'network_error')
      return { message: ANALYTICS_MESSAGES.network, hint: ANALYTICS_MESSAGES.persistHint };
    if (error.status === 401)
      return { message: 'Authentication error: Please log in again.', hint: 'Try logging out and back in.' };
    if (error.status === 429)
      return { message: error.message, hint: 'Please wait a few minutes before trying again.' };
    if (error.status === 400) return { message: error.message, hint: ANALYTICS_MESSAGES.unsupportedPlatform };
    return { message: error.message, hint: ANALYTICS_MESSAGES.retryHint };
  }
  return {
    message: error instanceof Error ? error.message : String(error),
    hint: ANALYTICS_MESSAGES.retryHint,
  };
}

/** `/analytics`: numbers the server collected from the platforms, by range, with a compare range. */
export function AnalyticsPage() {
  const { timezone, timeFormat } = usePreferences();
  // Spec 02: the last 7 days to today, compared with the 7 days before.
  const [filters, setFilters] = useState<AnalyticsFilters>(() => ({
    from: dayInZone(timezone, 6),
    to: dayInZone(timezone, 0),
    compareFrom: dayInZone(timezone, 13),
    compareTo: dayInZone(timezone, 7),
    platforms: [],
    accountId: '',
  }));
  const [exporting, setExporting] = useState(false);
  const query = useAnalytics(filters);
  const refresh = useRefreshAnalytics();
  const data = query.data;

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadAnalyticsCsv(filters);
      toast.success(ANALYTICS_MESSAGES.exported);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setExporting(false);
    }
  }

  const reasons = data?.unavailableReasons ?? [];
  // The spec's banner names the platforms without a reason of their own (upstream API changes).
  const unavailable = (data?.unavailable ?? ['tiktok']).filter((p) => !reasons.some((r) => r.platform === p));
  const failure = query.error ? describeFailure(query.error) : null;

  return (
    <>
      <PageHeader
        title="Analytics"
        description={
          data?.lastReadAt
            ? `How your posts perform. Numbers last read ${formatDateTime(data.lastReadAt, timezone, timeFormat)}.`
            : 'How your posts perform across platforms.'
        }
        actions={
          <div className="flex gap-2">
            <Button
              variant="secondary"
              loading={refresh.isPending}
              onClick={() =>
                refresh.mutate(undefined, {
                  onSuccess: () => toast.success(ANALYTICS_MESSAGES.refreshed),
                  onError: () => toast.error(ANALYTICS_MESSAGES.refreshFailed),
                })
              }
            >
              Refresh
            </Button>
            <Button loading={exporting} disabled={!data} onClick={() => void exportCsv()}>
              Export
            </Button>
          </div>
        }
      />
      <div className="flex flex-col gap-4">
        {unavailable.length > 0 || reasons.length > 0 ? (
          <div
            role="note"
            className="flex flex-col gap-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          >
            {unavailable.length > 0 ? (
              <p>
                {ANALYTICS_MESSAGES.unavailableBanner.replace(
                  '{platforms}',
                  unavailable.map((p) => getPlatform(p).displayName).join(' and '),
                )}
              </p>
            ) : null}
            {reasons.map((reason) => (
              <p key={reason.platform}>{reason.message}</p>
            ))}
          </div>
        ) : null}
        <AnalyticsFiltersBar value={filters} onChange={setFilters} />
        {failure ? (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-medium">
                {ANALYTICS_MESSAGES.fetchFailed}: {failure.message}
              </p>
              <p>{failure.hint}</p>
            </div>
            <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </div>
        ) : null}
        {!data && query.isPending ? <LoadingCard message="Loading analytics…" size="lg" /> : null}
        {data ? (
          <div
            className={`flex flex-col gap-4 ${query.isFetching ? 'opacity-70' : ''}`}
            aria-busy={query.isFetching}
          >
            <OverviewCards overview={data.overview} />
            <EngagementChart data={data.engagementData} />
            <div className="grid min-w-0 gap-4 xl:grid-cols-2 [&>*]:min-w-0">
              <PlatformMetrics rows={data.platformMetrics} />
              <TopPosts posts={data.topPosts} timezone={timezone} timeFormat={timeFormat} />
            </div>
            <BestTimeHeatmap cells={data.heatmap} timezone={timezone} />
          </div>
        ) : null}
      </div>
    </>
  );
}
