import crypto from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../tests/support/test-database.js';
import { createCipher } from '../core/crypto.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { consumeOauthState, createOauthState, splitNonce } from './oauth-state.js';
import { facebookOAuth } from './platforms/facebook.js';
import { linkedinOAuth } from './platforms/linkedin.js';
import { twitterOAuth } from './platforms/twitter.js';

let db: Db;
let close: () => Promise<void>;
const cipher = createCipher(crypto.randomBytes(32));
const userId = newId();
const sessionToken = 'session-token-of-alice';

beforeEach(async () => {
  ({ db, close } = await openTestDatabase());
  const now = Date.now();
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: 'alice@example.com',
      passwordHash: null,
      emailConfirmedAt: now,
      googleSub: null,
      timezone: 'UTC',
      language: 'en',
      timeFormat: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
});
afterEach(async () => {
  await close();
});

describe('oauth state', () => {
  it('accepts the state once, in the session that started it, and returns the PKCE verifier', async () => {
    const started = await createOauthState({ db, cipher }, { platform: twitterOAuth, userId, sessionToken });
    expect(started.codeChallenge).toBeTruthy();
    const consumed = await consumeOauthState(
      { db, cipher },
      { platform: twitterOAuth, state: started.state, userId, sessionToken },
    );
    expect(await oauth.calculatePKCECodeChallenge(consumed.codeVerifier ?? '')).toBe(started.codeChallenge);
    await expect(
      consumeOauthState(
        { db, cipher },
        { platform: twitterOAuth, state: started.state, userId, sessionToken },
      ),
    ).rejects.toThrow('State mismatch. Possible security issue.');
  });

  it('stores only the hash of the state and an encrypted verifier', async () => {
    const started = await createOauthState({ db, cipher }, { platform: twitterOAuth, userId, sessionToken });
    const row = await db.selectFrom('oauthStates').selectAll().executeTakeFirstOrThrow();
    expect(row.id).not.toBe(started.state);
    expect(JSON.stringify(row)).not.toContain(started.state);
    expect(row.sessionId).not.toBe(sessionToken);
    expect(row.codeVerifier?.startsWith('v1.')).toBe(true);
  });

  it('prefixes Facebook states with a nonce and rejects a different nonce as "Invalid session state"', async () => {
    const { state } = await createOauthState(
      { db, cipher },
      { platform: facebookOAuth, userId, sessionToken },
    );
    const nonce = splitNonce(state);
    expect(nonce).toBeTruthy();
    const rest = state.slice((nonce?.length ?? 0) + 1);
    await expect(
      consumeOauthState(
        { db, cipher },
        { platform: facebookOAuth, state: `other.${rest}`, userId, sessionToken },
      ),
    ).rejects.toThrow('Invalid session state');
    await expect(
      consumeOauthState({ db, cipher }, { platform: facebookOAuth, state: rest, userId, sessionToken }),
    ).rejects.toThrow('Invalid session state');
    await expect(
      consumeOauthState({ db, cipher }, { platform: facebookOAuth, state, userId, sessionToken }),
    ).resolves.toEqual({});
  });

  it('rejects a state from another session with the LinkedIn mismatch message', async () => {
    const { state } = await createOauthState(
      { db, cipher },
      { platform: linkedinOAuth, userId, sessionToken },
    );
    await expect(
      consumeOauthState(
        { db, cipher },
        { platform: linkedinOAuth, state, userId, sessionToken: 'another-session' },
      ),
    ).rejects.toThrow('State mismatch. Possible security issue.');
  });

  it('rejects a state used for another platform', async () => {
    const { state } = await createOauthState(
      { db, cipher },
      { platform: linkedinOAuth, userId, sessionToken },
    );
    await expect(
      consumeOauthState({ db, cipher }, { platform: twitterOAuth, state, userId, sessionToken }),
    ).rejects.toThrow('State mismatch. Possible security issue.');
  });

  it('answers the session-expired message after 10 minutes', async () => {
    const now = Date.now();
    const { state } = await createOauthState(
      { db, cipher },
      { platform: linkedinOAuth, userId, sessionToken, now },
    );
    await expect(
      consumeOauthState(
        { db, cipher },
        { platform: linkedinOAuth, state, userId, sessionToken, now: now + 10 * 60_000 + 1 },
      ),
    ).rejects.toThrow('Session expired - please reauthenticate');
  });
});

describe('splitNonce', () => {
  it('reads the part before the first dot and refuses malformed states', () => {
    expect(splitNonce('abc.def')).toBe('abc');
    expect(splitNonce('.def')).toBeNull();
    expect(splitNonce('abc.')).toBeNull();
    expect(splitNonce('abcdef')).toBeNull();
  });
});
