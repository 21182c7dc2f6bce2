import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfirmEmailInput } from '../../../../shared/auth/schemas';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../shared/session/get-session';

export function confirmEmail(input: ConfirmEmailInput): Promise<{ ok: true }> {
  return api('/api/auth/confirm', { method: 'POST', json: input });
}

/** Confirming also signs the user in, so the session is fetched again. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
