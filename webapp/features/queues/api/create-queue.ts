import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQueueBody, QueueDto } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { storeQueue } from './store-queue';

export async function createQueue(input: CreateQueueBody): Promise<QueueDto> {
  const { queue } = await api<{ queue: QueueDto }>('/api/queues', { method: 'POST', json: input });
  return queue;
}

export function useCreateQueue() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createQueue, onSuccess: (queue) => storeQueue(queryClient, queue) });
}
