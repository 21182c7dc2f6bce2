import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../../../../shared/settings/account-security';
import { api } from '../../../lib/api-client';

export function changePassword(input: ChangePasswordInput): Promise<{ message: string }> {
  return api('/api/settings/password', { method: 'POST', json: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
