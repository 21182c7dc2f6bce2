import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueDto } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';

export async function listQueues(): Promise<QueueDto[]> {
  const { queues } = await api<{ queues: QueueDto[] }>('/api/queues');
  return queues;
}

export function queuesQueryOptions() {
  return queryOptions({ queryKey: queueKeys.list(), queryFn: listQueues });
}

/** The user's queues, newest first; post events (SSE) refresh them as runs publish. */
export function useQueues() {
  return useQuery(queuesQueryOptions());
}
