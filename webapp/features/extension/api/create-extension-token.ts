import { useMutation } from '@tanstack/react-query';
import type { TokenResponse } from '../../../../shared/auth/schemas';
import { api } from '../../../lib/api-client';

export function createExtensionToken(): Promise<TokenResponse> {
  return api<TokenResponse>('/api/auth/extension-token', { method: 'POST' });
}

export function useCreateExtensionToken() {
  return useMutation({ mutationFn: createExtensionToken });
}
