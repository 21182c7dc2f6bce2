import { useMutation } from '@tanstack/react-query';
import type { PasswordResetInput } from '../../../../shared/auth/schemas';
import { api } from '../../../lib/api-client';

export function requestPasswordReset(input: PasswordResetInput): Promise<{ ok: true }> {
  return api('/api/auth/password/reset', { method: 'POST', json: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
