import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePasswordInput } from '../../../../shared/auth/schemas';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../shared/session/get-session';

export function updatePassword(input: UpdatePasswordInput): Promise<{ ok: true }> {
  return api('/api/auth/password/update', { method: 'POST', json: input });
}

/** The server ends every session of the user, so this browser is signed out too. */
export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.setQueryData(sessionQueryKey, null),
  });
}
