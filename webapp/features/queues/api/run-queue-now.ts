import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueDto } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { storeQueue } from './store-queue';

/** "Post next item now": a run at this moment; the engine publishes its post as any other. */
export async function runQueueNow(queueId: string): Promise<{ queue: QueueDto; postId: string }> {
  return api<{ queue: QueueDto; postId: string }>(`/api/queues/${encodeURIComponent(queueId)}/run`, {
    method: 'POST',
  });
}

export function useRunQueueNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runQueueNow,
    onSuccess: ({ queue }) => storeQueue(queryClient, queue),
  });
}
