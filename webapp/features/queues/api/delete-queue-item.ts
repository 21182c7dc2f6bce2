import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueDto } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { storeQueue } from './store-queue';

export async function deleteQueueItem({
  queueId,
  itemId,
}: {
  queueId: string;
  itemId: string;
}): Promise<QueueDto> {
  const { queue } = await api<{ queue: QueueDto }>(
    `/api/queues/${encodeURIComponent(queueId)}/items/${encodeURIComponent(itemId)}`,
    { method: 'DELETE' },
  );
  return queue;
}

export function useDeleteQueueItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteQueueItem, onSuccess: (queue) => storeQueue(queryClient, queue) });
}
