import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueDto } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';
import { storeQueue } from './store-queue';

export async function reorderQueueItems({
  queueId,
  itemIds,
}: {
  queueId: string;
  itemIds: string[];
}): Promise<QueueDto> {
  const { queue } = await api<{ queue: QueueDto }>(`/api/queues/${encodeURIComponent(queueId)}/items/order`, {
    method: 'PUT',
    json: { itemIds },
  });
  return queue;
}

/** Shows the new order at once; the server's answer (or the old order, on failure) follows. */
export function useReorderQueueItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderQueueItems,
    onMutate: async ({ queueId, itemIds }) => {
      await queryClient.cancelQueries({ queryKey: queueKeys.list() });
      const previous = queryClient.getQueryData<QueueDto[]>(queueKeys.list());
      queryClient.setQueryData<QueueDto[]>(queueKeys.list(), (queues) =>
        queues?.map((queue) => {
          if (queue.id !== queueId) return queue;
          const byId = new Map(queue.items.map((item) => [item.id, item]));
          const items = itemIds.flatMap((id) => {
            const item = byId.get(id);
            return item ? [item] : [];
          });
          return { ...queue, items };
        }),
      );
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queueKeys.list(), context.previous);
    },
    onSuccess: (queue) => storeQueue(queryClient, queue),
  });
}
