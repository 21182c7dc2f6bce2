import * as oauth from 'oauth4webapi';
import { sha256Hex } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import { discoverGoogle, GOOGLE_PROVIDER, googleClient, googleRedirectUri } from './google-oidc.js';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/**
 * Starts authorization code + PKCE (S256) with state and nonce. Only the state's hash is
 * stored, with the verifier encrypted; the caller binds the state to the browser (cookie).
 */
export async function startGoogleSignIn(
  deps: AppDeps,
  options: {
    remember: boolean;
    /**
     * "Confirm with Google" from settings: the signed-in user proves again who they are; the flow
     * is bound to their session (SHA-256 id) and makes no new one.
     */
    reauth?: { userId: string; sessionId: string; email: string };
  },
): Promise<{ url: string; state: string }> {
  const { config, db, cipher } = deps;
  const { client } = googleClient(config);
  const server = await discoverGoogle(config);
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const verifier = oauth.generateRandomCodeVerifier();
  const now = Date.now();
  await db
    .insertInto('oauthStates')
    .values({
      id: sha256Hex(state),
      provider: GOOGLE_PROVIDER,
      userId: options.reauth?.userId ?? null,
      sessionId: options.reauth?.sessionId ?? null,
      codeVerifier: cipher.encrypt(verifier),
      nonce: cipher.encrypt(nonce),
      redirectTo: null,
      data: JSON.stringify({ remember: options.remember, purpose: options.reauth ? 'reauth' : 'sign_in' }),
      expiresAt: now + OAUTH_STATE_TTL_MS,
      usedAt: null,
      createdAt: now,
    })
    .execute();
  // Expired, never-finished flows are dropped as new ones start.
  await db
    .deleteFrom('oauthStates')
    .where('expiresAt', '<', now - OAUTH_STATE_TTL_MS)
    .execute();

  const url = new URL(server.authorization_endpoint ?? `${config.GOOGLE_ISSUER}/o/oauth2/v2/auth`);
  url.searchParams.set('client_id', client.client_id);
  url.searchParams.set('redirect_uri', googleRedirectUri(config));
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email profile');
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('prompt', 'select_account');
  if (options.reauth) url.searchParams.set('login_hint', options.reauth.email);
  return { url: url.href, state };
}
