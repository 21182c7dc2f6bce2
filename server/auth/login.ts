import type { LoginInput } from '../../shared/auth/schemas.js';
import type { AppDeps } from '../http/types.js';
import { createSession } from './create-session.js';
import { verifyCredentials } from './verify-credentials.js';

/** Password sign-in for the web app: a cookie session, 30 days with remember me. */
export async function login(deps: AppDeps, input: LoginInput, ip: string) {
  const { userId } = await verifyCredentials(deps, input, ip);
  return createSession(deps, userId, { remember: input.remember, kind: 'cookie' });
}
