import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QueueDto } from '../../../../shared/queues/api';
import { api } from '../../../lib/api-client';
import { queueKeys } from '../../../lib/query-keys';

export function deleteQueue(id: string): Promise<{ message: string }> {
  return api<{ message: string }>(`/api/queues/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQueue,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<QueueDto[]>(queueKeys.list(), (queues) => queues?.filter((q) => q.id !== id));
      return queryClient.invalidateQueries({ queryKey: queueKeys.list() });
    },
  });
}
