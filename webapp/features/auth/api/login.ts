import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput } from '../../../../shared/auth/schemas';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../shared/session/get-session';

function login(input: LoginInput): Promise<{ ok: true }> {
  return api('/api/auth/login', { method: 'POST', json: input });
}

/** Signs in; the refreshed session lets the public-only guard move on to the remembered page. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
