import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueDto, QueueItemBody } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { storeQueue } from './store-queue';

export async function updateQueueItem({
  queueId,
  itemId,
  input,
}: {
  queueId: string;
  itemId: string;
  input: Partial<QueueItemBody>;
}): Promise<QueueDto> {
  const { queue } = await api<{ queue: QueueDto }>(
    `/api/queues/${encodeURIComponent(queueId)}/items/${encodeURIComponent(itemId)}`,
    { method: 'PATCH', json: input },
  );
  return queue;
}

export function useUpdateQueueItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateQueueItem, onSuccess: (queue) => storeQueue(queryClient, queue) });
}
