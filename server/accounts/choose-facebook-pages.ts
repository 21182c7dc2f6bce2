import type { ConnectCallbackResult } from '../../shared/accounts/account.js';
import { AppError } from '../core/errors.js';
import { randomToken, safeEqual, sha256Hex } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import { platformMode } from '../platforms/platform-endpoints.js';
import { upsertAccount } from './account-state.js';
import { listAccountRows, toAccountDto } from './accounts.repository.js';
import { oauthContext, type SessionRef } from './oauth-context.js';
import { OAUTH_STATE_TTL_MS } from './oauth-state.js';
import { facebookOAuth } from './platforms/facebook.js';
import type { TokenSet } from './platforms/platform-oauth.js';

const SELECTION_PROVIDER = 'facebook-pages';
const EXPIRED = 'Your Page selection has expired. Please connect Facebook again.';

/**
 * Keeps the long-lived user token (encrypted) in an oauth_states row while the user chooses
 * Pages; the selection id is bound to the session and usable once.
 */
export async function createFacebookSelection(
  deps: Pick<AppDeps, 'db' | 'cipher'>,
  session: SessionRef,
  tokens: TokenSet,
): Promise<string> {
  const selectionId = randomToken(32);
  const now = Date.now();
  await deps.db
    .insertInto('oauthStates')
    .values({
      id: sha256Hex(selectionId),
      provider: SELECTION_PROVIDER,
      userId: session.userId,
      sessionId: sha256Hex(session.sessionToken),
      codeVerifier: null,
      nonce: null,
      redirectTo: null,
      data: deps.cipher.encrypt(JSON.stringify(tokens)),
      expiresAt: now + OAUTH_STATE_TTL_MS,
      usedAt: null,
      createdAt: now,
    })
    .execute();
  return selectionId;
}

/** POST /api/accounts/facebook/pages: connects the chosen Pages, one account per Page. */
export async function chooseFacebookPages(
  deps: AppDeps,
  session: SessionRef,
  input: { selectionId: string; pageIds: string[] },
): Promise<ConnectCallbackResult> {
  const now = Date.now();
  const row = await deps.db
    .selectFrom('oauthStates')
    .selectAll()
    .where('id', '=', sha256Hex(input.selectionId))
    .where('provider', '=', SELECTION_PROVIDER)
    .executeTakeFirst();
  if (
    !row?.data ||
    row.userId !== session.userId ||
    !row.sessionId ||
    !safeEqual(row.sessionId, sha256Hex(session.sessionToken))
  ) {
    throw new AppError('oauth_error', EXPIRED);
  }
  const claimed = await deps.db
    .updateTable('oauthStates')
    .set({ usedAt: now, data: null })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1 || row.expiresAt <= now)
    throw new AppError('oauth_error', EXPIRED);

  const tokens = JSON.parse(deps.cipher.decrypt(row.data)) as TokenSet;
  const ctx = oauthContext(deps, 'facebook');
  let profiles: Awaited<ReturnType<typeof facebookOAuth.fetchProfiles>>;
  try {
    profiles = await facebookOAuth.fetchProfiles(ctx, tokens);
  } catch {
    throw new AppError('oauth_error', 'Facebook/Instagram connection failed');
  }
  const chosen = profiles.filter((p) => input.pageIds.includes(p.platformAccountId));
  if (chosen.length === 0)
    throw new AppError('validation_error', 'Choose at least one Page', { field: 'pageIds' });
  const isSandbox = platformMode(deps.config, 'facebook') === 'sandbox';
  for (const profile of chosen) {
    await upsertAccount(deps.db, deps.cipher, {
      userId: session.userId,
      platform: 'facebook',
      profile,
      tokens: profile.tokens ?? tokens,
      isSandbox,
    });
  }
  deps.events.publish(session.userId, { type: 'accounts.changed' });
  const accounts = (await listAccountRows(deps.db, session.userId)).map(toAccountDto);
  const message =
    chosen.length === 1
      ? 'Facebook account connected successfully!'
      : `${chosen.length} Facebook Pages connected successfully!`;
  return { feedback: { type: 'success', message }, accounts };
}
