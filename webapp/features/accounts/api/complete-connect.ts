import type { ConnectCallbackResult } from '../../../../shared/accounts/account';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { api } from '../../../lib/api-client';

/** Sends the code and state the platform returned to the server, which finishes the connection. */
export function completeConnect(platform: PlatformId, input: { code: string; state: string }) {
  return api<ConnectCallbackResult>(`/api/accounts/${platform}/callback`, { method: 'POST', json: input });
}

/** Connects the Facebook Pages the user chose. */
export function chooseFacebookPages(input: { selectionId: string; pageIds: string[] }) {
  return api<ConnectCallbackResult>('/api/accounts/facebook/pages', { method: 'POST', json: input });
}
