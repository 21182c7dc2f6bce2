import type { TokenInput, TokenResponse } from '../../shared/auth/schemas.js';
import type { AppDeps } from '../http/types.js';
import { markExtensionConnected } from '../onboarding/onboarding.repository.js';
import { createSession } from './create-session.js';
import { verifyCredentials } from './verify-credentials.js';

/** Browsers send their extensions' pages' requests with the extension's own origin. */
function isBrowserExtensionOrigin(origin: string | undefined): boolean {
  return /^(chrome|moz|safari-web)-extension:\/\/[\w-]+$/.test(origin ?? '');
}

/**
 * A bearer token for clients without cookies: a 30-day session extended when used. One asked
 * for from a browser extension's page is the extension's sign-in (the onboarding checklist's
 * "install the extension" step); scripts and other clients send no such origin.
 */
export async function createApiToken(
  deps: AppDeps,
  input: TokenInput,
  client: { ip: string; origin?: string },
): Promise<TokenResponse> {
  const { userId } = await verifyCredentials(deps, input, client.ip);
  const session = await createSession(deps, userId, { remember: true, kind: 'token' });
  if (isBrowserExtensionOrigin(client.origin)) await markExtensionConnected(deps.db, userId);
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}
