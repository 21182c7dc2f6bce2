import { useMutation } from '@tanstack/react-query';
import type { TokenResponse } from '../../../../shared/auth/schemas';
import { api } from '../../../lib/api-client';

export function createExtensionToken(extensionId: string): Promise<TokenResponse> {
  return api<TokenResponse>('/api/auth/extension-token', { method: 'POST', json: { extensionId } });
}

export function useCreateExtensionToken() {
  return useMutation({ mutationFn: createExtensionToken });
}
