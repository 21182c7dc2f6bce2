import { QUEUE_LIMITS, QUEUE_MESSAGES } from '../../../../shared/queues/api';
import { formatDateTime } from '../../../../shared/time/format';
import { usePreferences } from '../../../shared/preferences/preferences';
import { useNextRunPreview } from '../api/preview-next-run';
import type { QueueRhythm } from './queue-rhythm-fields';

/**
 * The run time the chosen rhythm gives, asked of the server (the same rule the runner uses,
 * posting times and time zone included), before anything is saved.
 */
export function NextRunPreview({
  rhythm,
  label,
  intervalHours = QUEUE_LIMITS.defaultIntervalHours,
}: {
  rhythm: QueueRhythm;
  label: string;
  intervalHours?: number;
}) {
  const { timezone, timeFormat } = usePreferences();
  const preview = useNextRunPreview({
    intervalHours,
    runMode: rhythm.runMode,
    runTimes: rhythm.runTimes,
    runDays: rhythm.runDays,
    scheduleAccountId: rhythm.runMode === 'schedule' ? rhythm.scheduleAccountId : null,
  });
  const nextRun = preview.data?.nextRun;
  let text = '';
  if (preview.isError) text = preview.error.message;
  else if (preview.data && nextRun === null) text = QUEUE_MESSAGES.noPostingTimes;
  else if (nextRun) text = `${label}: ${formatDateTime(nextRun, timezone, timeFormat)}`;
  return (
    <p role="status" aria-live="polite" className="min-h-5 font-medium text-gray-800 text-sm">
      {text}
    </p>
  );
}
