import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueDto, UpdateQueueInput } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { storeQueue } from './store-queue';

/** Edits the queue's fields, or plays/pauses it with `isActive`. */
export async function updateQueue({ id, input }: { id: string; input: UpdateQueueInput }): Promise<QueueDto> {
  const { queue } = await api<{ queue: QueueDto }>(`/api/queues/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    json: input,
  });
  return queue;
}

export function useUpdateQueue() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateQueue, onSuccess: (queue) => storeQueue(queryClient, queue) });
}
