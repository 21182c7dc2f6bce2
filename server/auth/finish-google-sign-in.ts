import * as oauth from 'oauth4webapi';
import type { GoogleCallbackInput } from '../../shared/auth/schemas.js';
import {
  DEFAULT_TIMEZONE,
  isValidTimezone,
  supportedLanguageTag,
} from '../../shared/settings/preferences.js';
import { AppError } from '../core/errors.js';
import { newId, safeEqual, sha256Hex } from '../core/ids.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { AppDeps } from '../http/types.js';
import { findUserByEmail, findUserByGoogleSub } from './auth.repository.js';
import { confirmWithGoogle, markGoogleSignIn } from './confirm-with-google.js';
import { createSession } from './create-session.js';
import {
  discoverGoogle,
  GOOGLE_PROVIDER,
  googleClient,
  googleRedirectUri,
  httpOptions,
} from './google-oidc.js';

const GOOGLE_FAILED = 'Authentication failed. Please try again.';

function failed(): AppError {
  return new AppError('oauth_error', GOOGLE_FAILED, { status: 401 });
}

/**
 * Finishes the Google flow: the state must be ours, unused, unexpired and the one this
 * browser started (`boundState` from its cookie); the code is exchanged with the PKCE
 * verifier and oauth4webapi checks the id_token's issuer, audience, expiry and nonce.
 * A verified e-mail signs into the matching user, or creates a confirmed one.
 */
export async function finishGoogleSignIn(
  deps: AppDeps,
  input: GoogleCallbackInput,
  boundState: string | undefined,
  /** The SHA-256 id of the session sending the callback, if any ("Confirm with Google"). */
  currentSessionId: string | null = null,
): Promise<GoogleResult> {
  const { config, db, cipher, logger } = deps;
  if (!boundState || !safeEqual(boundState, input.state)) throw failed();
  const now = Date.now();
  const claim = await db
    .updateTable('oauthStates')
    .set({ usedAt: now })
    .where('id', '=', sha256Hex(input.state))
    .where('provider', '=', GOOGLE_PROVIDER)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['codeVerifier', 'nonce', 'data', 'userId', 'sessionId'])
    .executeTakeFirst();
  if (!claim?.codeVerifier || !claim.nonce) throw failed();

  const { client, clientAuth } = googleClient(config);
  const server = await discoverGoogle(config);
  let claims: oauth.IDToken;
  try {
    const params = new URLSearchParams({ code: input.code, state: input.state });
    if (input.iss) params.set('iss', input.iss);
    const callbackParams = oauth.validateAuthResponse(server, client, params, input.state);
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client,
      clientAuth,
      callbackParams,
      googleRedirectUri(config),
      cipher.decrypt(claim.codeVerifier),
      httpOptions(config),
    );
    const result = await oauth.processAuthorizationCodeResponse(server, client, response, {
      expectedNonce: cipher.decrypt(claim.nonce),
      requireIdToken: true,
    });
    const validated = oauth.getValidatedIdTokenClaims(result);
    if (!validated) throw new Error('no id_token');
    claims = validated;
  } catch (error) {
    logger.warn('google sign-in rejected', { error: error instanceof Error ? error.message : 'unknown' });
    throw failed();
  }
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (claims.email_verified !== true || !email) throw failed();
  const { remember, purpose } = parseJsonColumn<{ remember?: boolean; purpose?: string }>(claim.data, {});
  if (purpose === 'reauth') {
    const startedBy = { userId: claim.userId, sessionId: claim.sessionId };
    await confirmWithGoogle(db, { startedBy, currentSessionId, googleSub: claims.sub, now }, failed);
    return { kind: 'reauthenticated' };
  }

  const userId = await findOrCreateGoogleUser(deps, {
    sub: claims.sub,
    email,
    timezone: input.timezone,
    language: input.language,
  });
  const session = await createSession(deps, userId, { remember: remember === true, kind: 'cookie' });
  await markGoogleSignIn(db, sha256Hex(session.token), now);
  return { kind: 'session', ...session };
}

/** A new session (sign-in), or the current one confirmed ("Confirm with Google"). */
type GoogleResult =
  | ({ kind: 'session' } & Awaited<ReturnType<typeof createSession>>)
  | { kind: 'reauthenticated' };

async function findOrCreateGoogleUser(
  deps: AppDeps,
  google: { sub: string; email: string; timezone?: string; language?: string },
): Promise<string> {
  const { db } = deps;
  const now = Date.now();
  const bySub = await findUserByGoogleSub(db, google.sub);
  if (bySub) return bySub.id;
  const byEmail = await findUserByEmail(db, google.email);
  if (byEmail) {
    if (byEmail.emailConfirmedAt === null) {
      // Pre-hijack defence: anyone could have signed up with this address before its owner.
      // The owner, now proven by Google, must not inherit that stranger's password or sessions:
      // the password is cleared (a reset sets a new one) and every session ends.
      await db
        .updateTable('users')
        .set({
          googleSub: google.sub,
          passwordHash: null,
          emailConfirmedAt: now,
          setupComplete: 1,
          updatedAt: now,
        })
        .where('id', '=', byEmail.id)
        .execute();
      await db
        .updateTable('emailTokens')
        .set({ usedAt: now })
        .where('userId', '=', byEmail.id)
        .where('usedAt', 'is', null)
        .execute();
      await deps.lucia.invalidateUserSessions(byEmail.id);
      return byEmail.id;
    }
    // A confirmed account: its owner proved the address before, and Google vouches for it now.
    await db
      .updateTable('users')
      .set({ googleSub: google.sub, setupComplete: 1, updatedAt: now })
      .where('id', '=', byEmail.id)
      .execute();
    return byEmail.id;
  }
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: google.email,
      passwordHash: null,
      emailConfirmedAt: now,
      googleSub: google.sub,
      // The browser's guesses, checked against the supported lists: a first sign-in with a zone
      // or language tag the server does not know falls back to UTC and English rather than failing.
      timezone: google.timezone && isValidTimezone(google.timezone) ? google.timezone : DEFAULT_TIMEZONE,
      language: (google.language && supportedLanguageTag(google.language)) || 'en',
      timeFormat: null,
      setupComplete: 1,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}
