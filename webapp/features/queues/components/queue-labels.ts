import { ApiError } from '../../../../shared/http/api-error';
import type { QueueDto } from '../../../../shared/queues/api';
import { DAY_SHORT } from '../../../../shared/schedule/schedule';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTimeOfDay } from '../../../../shared/time/format';

/** 'Every 24 hours', 'Every hour', 'Every 7 days'. */
export function intervalLabel(hours: number): string {
  if (hours === 1) return 'Every hour';
  if (hours % 24 === 0 && hours > 24) return `Every ${hours / 24} days`;
  return `Every ${hours} hours`;
}

/** 'Every day', 'Weekdays', 'Mon, Wed, Fri'. */
function daysLabel(days: readonly number[]): string {
  const set = [...new Set(days)].sort((a, b) => a - b);
  if (set.length === 7) return 'Every day';
  if (set.join() === '1,2,3,4,5') return 'Weekdays';
  if (set.join() === '0,6') return 'Weekends';
  return set.map((day) => DAY_SHORT[day]).join(', ');
}

/** When a queue posts, in a line: 'Every 24 hours', 'Every day at 09:00 and 18:00', 'At your posting times'. */
export function rhythmLabel(
  queue: Pick<QueueDto, 'runMode' | 'runTimes' | 'runDays' | 'intervalHours' | 'scheduleAccountId'>,
  timeFormat: TimeFormat,
  accountName?: string | null,
): string {
  if (queue.runMode === 'times') {
    const times = queue.runTimes.map((time) => formatTimeOfDay(time, timeFormat));
    const list = times.length > 1 ? `${times.slice(0, -1).join(', ')} and ${times.at(-1)}` : (times[0] ?? '');
    return `${daysLabel(queue.runDays)} at ${list}`;
  }
  if (queue.runMode === 'schedule') {
    return accountName ? `At ${accountName}'s posting times` : 'At your posting times';
  }
  return intervalLabel(queue.intervalHours);
}

export const STATUS_LABELS: Record<QueueDto['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  finished: 'Finished',
};

/** The server's message for a refused request; the spec's fallback when nothing useful came back. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500 && error.message)
    return error.message;
  return fallback;
}
