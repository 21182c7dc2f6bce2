import type { QueueDto } from '../../../../shared/queues/api';
import { ApiError } from '../../../lib/api-client';

/** 'Every 24 hours', 'Every hour', 'Every 7 days'. */
export function intervalLabel(hours: number): string {
  if (hours === 1) return 'Every hour';
  if (hours % 24 === 0 && hours > 24) return `Every ${hours / 24} days`;
  return `Every ${hours} hours`;
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
