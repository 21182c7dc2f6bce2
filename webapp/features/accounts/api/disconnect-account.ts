import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { accountKeys } from '../../../lib/query-keys';

export function disconnectAccount(id: string) {
  return api<{ message: string }>(`/api/accounts/${id}`, { method: 'DELETE' });
}

export function useDisconnectAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
