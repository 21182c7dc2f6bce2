import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AccountDeletionCheck, DeleteAccountInput } from '../../../../shared/settings/account-security';
import { api } from '../../../lib/api-client';

export function deleteAccount(input: DeleteAccountInput): Promise<{ message: string }> {
  return api('/api/settings/account', { method: 'DELETE', json: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}

export const accountDeletionCheckKey = ['settings', 'account-deletion'] as const;

/** How this user confirms a deletion: the current password, or a recent Google sign-in. */
export function accountDeletionCheckQueryOptions() {
  return queryOptions({
    queryKey: accountDeletionCheckKey,
    queryFn: () => api<AccountDeletionCheck>('/api/settings/account/deletion'),
    staleTime: 0,
  });
}

export function useAccountDeletionCheck(enabled: boolean) {
  return useQuery({ ...accountDeletionCheckQueryOptions(), enabled });
}
