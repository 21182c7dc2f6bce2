import type { GoogleCallbackInput } from '../../../../shared/auth/schemas';
import { api } from '../../../lib/api-client';

/** `reauthenticated`: a "Confirm with Google" confirmed the current session (no new sign-in). */
export function finishGoogleSignIn(
  input: GoogleCallbackInput,
): Promise<{ ok: true; reauthenticated?: true }> {
  return api('/api/auth/google/callback', { method: 'POST', json: input });
}

/** Where the Google button sends the browser (a full-page navigation, not a fetch). */
export function googleStartUrl(remember: boolean): string {
  return `/api/auth/google/start?remember=${remember}`;
}
