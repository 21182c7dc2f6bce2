import type { QueryClient } from '@tanstack/react-query';
import type { QueueDto } from '../../../../shared/queues/api';
import { queueKeys } from '../../../lib/query-keys';

/** Puts a queue the server just answered into the cached list, then refreshes the list. */
export function storeQueue(queryClient: QueryClient, queue: QueueDto): Promise<void> {
  queryClient.setQueryData<QueueDto[]>(queueKeys.list(), (queues) =>
    queues?.some((q) => q.id === queue.id)
      ? queues.map((q) => (q.id === queue.id ? queue : q))
      : [queue, ...(queues ?? [])],
  );
  return queryClient.invalidateQueries({ queryKey: queueKeys.list() });
}
