import { toast } from 'sonner';
import { getPlatform } from '../../../../shared/platforms/registry';
import { DAY_NAMES, SCHEDULE_MESSAGES } from '../../../../shared/schedule/schedule';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTimeOfDay } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { PlatformIcon } from '../../../components/platform-icon';
import { useRecommendations } from '../api/recommendations';
import { useApplyRecommendations } from '../api/schedule';

/** Recommended posting times per connected account, with "Use these times". */
export function RecommendationsPanel({ timeFormat }: { timeFormat: TimeFormat }) {
  const query = useRecommendations();
  const apply = useApplyRecommendations();

  if (query.isPending) return <p className="text-gray-500 text-sm">Loading recommendations…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="text-red-600 text-sm">
        {SCHEDULE_MESSAGES.recommendationsError}
      </p>
    );
  }
  if (query.data.length === 0)
    return <p className="text-gray-500 text-sm">{SCHEDULE_MESSAGES.noRecommendations}</p>;

  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {query.data.map((entry) => (
        <li key={entry.accountId} className="rounded-lg border border-gray-200 bg-white p-4">
          <div className="mb-3 flex items-center gap-2">
            <PlatformIcon platform={entry.platform} className="h-6 w-6" />
            <div className="min-w-0">
              <p className="truncate font-medium text-gray-900 text-sm">{entry.accountName}</p>
              <p className="text-gray-500 text-xs">
                {entry.isGeneric
                  ? `Based on published studies of ${getPlatform(entry.platform).displayName} engagement`
                  : `Based on your ${entry.sampleSize} posts and published studies`}{' '}
                · confidence {Math.round(entry.confidenceLevel * 100)}%
              </p>
            </div>
          </div>
          {entry.slots.length === 0 ? (
            <p className="text-gray-500 text-sm">{SCHEDULE_MESSAGES.noRecommendations}</p>
          ) : (
            <ol className="mb-3 space-y-1.5">
              {entry.slots.map((slot) => (
                <li key={`${slot.dayOfWeek}-${slot.timeSlot}`} className="flex items-center gap-3 text-sm">
                  <span className="w-36 shrink-0 text-gray-700">
                    {DAY_NAMES[slot.dayOfWeek]} {formatTimeOfDay(slot.timeSlot, timeFormat)}
                  </span>
                  <span className="h-2 flex-1 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
                    <span
                      className="block h-full rounded-full bg-brand-500"
                      style={{ width: `${Math.round(slot.engagementScore * 100)}%` }}
                    />
                  </span>
                  <span className="sr-only">score {Math.round(slot.engagementScore * 100)} of 100</span>
                </li>
              ))}
            </ol>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={entry.slots.length === 0}
            loading={apply.isPending && apply.variables === entry.accountId}
            onClick={() =>
              toast.promise(apply.mutateAsync(entry.accountId), {
                loading: 'Adding the recommended times...',
                success: 'Recommended times added to your schedule!',
                error: 'Failed to add the recommended times. Please try again.',
              })
            }
          >
            Use these times
          </Button>
        </li>
      ))}
    </ul>
  );
}
