import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountInput } from '../../../../shared/settings/account-security';
import { api } from '../../../lib/api-client';

export function deleteAccount(input: DeleteAccountInput): Promise<{ message: string }> {
  return api('/api/settings/account', { method: 'DELETE', json: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
