import { api } from '../../lib/api-client';

/** Ends the session on the server (the shell's useSignOut does the local part). */
export function logout(): Promise<{ ok: true }> {
  return api('/api/auth/logout', { method: 'POST' });
}
