import type { TokenResponse } from '../../shared/auth/schemas.js';
import type { AppDeps } from '../http/types.js';
import { markExtensionConnected } from '../onboarding/onboarding.repository.js';
import { createSession } from './create-session.js';

/**
 * "Sign in with the web app": a new bearer session (kind 'token') for the signed-in user, which
 * the web app page hands to the browser extension at the user's click. It is a separate session,
 * so signing the extension out never signs the web app out (and the other way round).
 */
export async function createExtensionToken(deps: AppDeps, userId: string): Promise<TokenResponse> {
  const session = await createSession(deps, userId, { remember: true, kind: 'token' });
  await markExtensionConnected(deps.db, userId);
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}
