import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '../../../../shared/auth/schemas';
import { api } from '../../../lib/api-client';

function signup(input: SignupInput): Promise<{ email: string }> {
  return api('/api/auth/signup', { method: 'POST', json: input });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
