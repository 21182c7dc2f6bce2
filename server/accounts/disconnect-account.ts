import { CONNECT_MESSAGES } from '../../shared/accounts/account.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { AppError } from '../core/errors.js';
import type { SocialAccountRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { platformMode } from '../platforms/platform-endpoints.js';
import { deleteAccountRow } from './account-state.js';
import { findAccountRow } from './accounts.repository.js';
import { oauthContext } from './oauth-context.js';
import { PLATFORM_OAUTH } from './platforms/all-platforms.js';

/**
 * DELETE /api/accounts/:id (owner only). Revokes the grant where the platform has a revoke
 * endpoint (a failure there does not keep the account), fails its pending posts with
 * 'Account disconnected' so nothing disappears silently, then deletes the account.
 */
export async function disconnectAccount(
  deps: AppDeps,
  userId: string,
  accountId: string,
): Promise<{ message: string }> {
  const row = await findAccountRow(deps.db, userId, accountId);
  if (!row) throw new AppError('not_found', 'Account not found');
  await revokeAccountGrant(deps, row);
  const now = Date.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Before the delete: the posts' foreign key is ON DELETE SET NULL.
      await deps.releaseAccountPosts(trx, {
        userId,
        accountId: row.id,
        reason: CONNECT_MESSAGES.accountDisconnected,
        now,
      });
      await deleteAccountRow(trx, userId, row.id);
    });
  } catch (error) {
    deps.logger.error('disconnect failed', { accountId, error });
    throw new AppError('internal_error', CONNECT_MESSAGES.disconnectFailed);
  }
  deps.events.publish(userId, { type: 'accounts.changed' });
  return { message: 'Account disconnected' };
}

/**
 * Revokes the account's grant at the platform where the platform has a revoke endpoint. Best
 * effort: a failure is logged and does not keep the account (the token is deleted anyway).
 */
export async function revokeAccountGrant(
  deps: Pick<AppDeps, 'config' | 'cipher' | 'logger'>,
  row: Pick<SocialAccountRow, 'id' | 'platform' | 'accessToken' | 'refreshToken'>,
): Promise<void> {
  const platform = row.platform as PlatformId;
  const oauthPlatform = PLATFORM_OAUTH[platform];
  if (!oauthPlatform?.revoke || platformMode(deps.config, platform) === 'unavailable') return;
  try {
    await oauthPlatform.revoke(oauthContext(deps, platform), {
      accessToken: deps.cipher.decrypt(row.accessToken),
      refreshToken: row.refreshToken ? deps.cipher.decrypt(row.refreshToken) : null,
    });
  } catch (error) {
    deps.logger.warn('token revocation failed', {
      accountId: row.id,
      platform,
      reason: error instanceof Error ? error.message : 'unknown',
    });
  }
}
