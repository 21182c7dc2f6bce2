import * as oauth from 'oauth4webapi';
import { CONNECT_MESSAGES } from '../../shared/accounts/account.js';
import { AppError } from '../core/errors.js';
import { randomToken, safeEqual, sha256Hex } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import type { PlatformOAuth } from './platforms/platform-oauth.js';

/** A connection must be finished within this time (the platforms' own codes live 30 s to 10 min). */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

interface StartedState {
  state: string;
  codeChallenge?: string;
}

/**
 * Creates a random, single-use state bound to the signed-in session. Only its SHA-256 is
 * stored, with the PKCE verifier encrypted. Facebook and Instagram states carry a nonce prefix
 * (`<nonce>.<rest>`, spec 01 section 5) that must equal the nonce stored for the session.
 */
export async function createOauthState(
  deps: Pick<AppDeps, 'db' | 'cipher'>,
  input: { platform: PlatformOAuth; userId: string; sessionToken: string; now?: number },
): Promise<StartedState> {
  const now = input.now ?? Date.now();
  const nonce = input.platform.stateCheck === 'nonce' ? randomToken(16) : null;
  const rest = randomToken(32);
  const state = nonce ? `${nonce}.${rest}` : rest;
  const verifier = input.platform.usesPkce ? oauth.generateRandomCodeVerifier() : null;
  await deps.db
    .insertInto('oauthStates')
    .values({
      id: sha256Hex(state),
      provider: input.platform.id,
      userId: input.userId,
      sessionId: sha256Hex(input.sessionToken),
      codeVerifier: verifier ? deps.cipher.encrypt(verifier) : null,
      nonce,
      redirectTo: null,
      data: null,
      expiresAt: now + OAUTH_STATE_TTL_MS,
      usedAt: null,
      createdAt: now,
    })
    .execute();
  return {
    state,
    ...(verifier ? { codeChallenge: await oauth.calculatePKCECodeChallenge(verifier) } : {}),
  };
}

interface ConsumedState {
  codeVerifier?: string;
}

/** The message for a state that does not belong to this session and flow. */
function stateRejection(platform: PlatformOAuth): string {
  return platform.stateCheck === 'nonce'
    ? CONNECT_MESSAGES.invalidSessionState
    : CONNECT_MESSAGES.stateMismatch;
}

/**
 * Checks the returned state against the stored one and burns it (single use, even when a later
 * step fails). A tampered, foreign, replayed or expired state throws before anything is created.
 */
export async function consumeOauthState(
  deps: Pick<AppDeps, 'db' | 'cipher'>,
  input: { platform: PlatformOAuth; state: string; userId: string; sessionToken: string; now?: number },
): Promise<ConsumedState> {
  const now = input.now ?? Date.now();
  const rejection = new AppError('oauth_error', stateRejection(input.platform));
  const nonce = input.platform.stateCheck === 'nonce' ? splitNonce(input.state) : null;
  if (input.platform.stateCheck === 'nonce' && !nonce) throw rejection;

  const row = await deps.db
    .selectFrom('oauthStates')
    .selectAll()
    .where('id', '=', sha256Hex(input.state))
    .where('provider', '=', input.platform.id)
    .executeTakeFirst();
  if (!row || row.userId !== input.userId || !row.sessionId) throw rejection;
  if (!safeEqual(row.sessionId, sha256Hex(input.sessionToken))) throw rejection;
  if (nonce !== null && (!row.nonce || !safeEqual(row.nonce, nonce))) throw rejection;

  // The conditional update is the single-use claim: of two concurrent callbacks only one wins.
  const claimed = await deps.db
    .updateTable('oauthStates')
    .set({ usedAt: now })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw rejection;
  if (row.expiresAt <= now) throw new AppError('oauth_error', CONNECT_MESSAGES.sessionExpired);
  return row.codeVerifier ? { codeVerifier: deps.cipher.decrypt(row.codeVerifier) } : {};
}

/** `<nonce>.<rest>` -> the nonce, or null when the state has no well-formed prefix. */
export function splitNonce(state: string): string | null {
  const dot = state.indexOf('.');
  if (dot <= 0 || dot === state.length - 1) return null;
  return state.slice(0, dot);
}

/** Drops states that can no longer be used (called by the token job). */
export async function deleteStaleOauthStates(deps: Pick<AppDeps, 'db'>, now = Date.now()): Promise<void> {
  await deps.db
    .deleteFrom('oauthStates')
    .where((eb) => eb.or([eb('expiresAt', '<', now - OAUTH_STATE_TTL_MS), eb('usedAt', 'is not', null)]))
    .where('provider', 'in', [
      'twitter',
      'facebook',
      'instagram',
      'linkedin',
      'tiktok',
      'threads',
      'facebook-pages',
    ])
    .execute();
}
