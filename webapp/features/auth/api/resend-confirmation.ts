import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function resendConfirmation(input: { email: string }): Promise<{ ok: true }> {
  return api('/api/auth/confirm/resend', { method: 'POST', json: input });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
