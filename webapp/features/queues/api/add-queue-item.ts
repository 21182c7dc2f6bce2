import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueDto, QueueItemBody } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { storeQueue } from './store-queue';

/** Adds a post for one account at the end of the queue; answers the queue with its items. */
export async function addQueueItem({
  queueId,
  input,
}: {
  queueId: string;
  input: QueueItemBody;
}): Promise<QueueDto> {
  const { queue } = await api<{ queue: QueueDto }>(`/api/queues/${encodeURIComponent(queueId)}/items`, {
    method: 'POST',
    json: input,
  });
  return queue;
}

export function useAddQueueItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addQueueItem, onSuccess: (queue) => storeQueue(queryClient, queue) });
}
