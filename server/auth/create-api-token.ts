import type { TokenInput, TokenResponse } from '../../shared/auth/schemas.js';
import type { AppDeps } from '../http/types.js';
import { createSession } from './create-session.js';
import { verifyCredentials } from './verify-credentials.js';

/** A bearer token for clients without cookies: a 30-day session extended when used. */
export async function createApiToken(deps: AppDeps, input: TokenInput, ip: string): Promise<TokenResponse> {
  const { userId } = await verifyCredentials(deps, input, ip);
  const session = await createSession(deps, userId, { remember: true, kind: 'token' });
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}
