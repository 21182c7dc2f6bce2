import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type QueueRhythmBody, rhythmProblem } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';

/** The first run a queue with this rhythm would have if it were created now (nothing is saved). */
export function previewNextRun(rhythm: QueueRhythmBody): Promise<{ nextRun: string | null }> {
  return api<{ nextRun: string | null }>('/api/queues/next-run', { method: 'POST', json: rhythm });
}

/** The dialogs' "First run" / "Next run" line for the rhythm being chosen. */
export function useNextRunPreview(rhythm: Required<Pick<QueueRhythmBody, 'runMode'>> & QueueRhythmBody) {
  const ready =
    rhythmProblem({
      runMode: rhythm.runMode,
      runTimes: rhythm.runTimes ?? [],
      runDays: rhythm.runDays ?? [0, 1, 2, 3, 4, 5, 6],
    }) === null;
  return useQuery({
    queryKey: [...queueKeys.all, 'next-run', rhythm] as const,
    queryFn: () => previewNextRun(rhythm),
    enabled: ready,
    placeholderData: keepPreviousData,
    // "Now" moves on: a preview older than a minute is asked again.
    staleTime: 60_000,
  });
}
