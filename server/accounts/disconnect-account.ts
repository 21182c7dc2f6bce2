import { CONNECT_MESSAGES } from '../../shared/accounts/account.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { platformMode } from '../platforms/platform-endpoints.js';
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
  const platform = row.platform as PlatformId;
  const oauthPlatform = PLATFORM_OAUTH[platform];
  if (oauthPlatform.revoke && platformMode(deps.config, platform) !== 'unavailable') {
    try {
      await oauthPlatform.revoke(oauthContext(deps, platform), {
        accessToken: deps.cipher.decrypt(row.accessToken),
        refreshToken: row.refreshToken ? deps.cipher.decrypt(row.refreshToken) : null,
      });
    } catch (error) {
      deps.logger.warn('token revocation failed', {
        accountId,
        platform,
        reason: error instanceof Error ? error.message : 'unknown',
      });
    }
  }
  const now = Date.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Before the delete: the posts' foreign key is ON DELETE SET NULL.
      await trx
        .updateTable('scheduledPosts')
        .set({
          status: 'failed',
          errorMessage: CONNECT_MESSAGES.accountDisconnected,
          leaseUntil: null,
          updatedAt: now,
        })
        .where('socialAccountId', '=', row.id)
        .where('userId', '=', userId)
        .where('status', 'in', ['scheduled', 'publishing'])
        .execute();
      await trx.deleteFrom('socialAccounts').where('id', '=', row.id).where('userId', '=', userId).execute();
    });
  } catch (error) {
    deps.logger.error('disconnect failed', { accountId, error });
    throw new AppError('internal_error', CONNECT_MESSAGES.disconnectFailed);
  }
  deps.events.publish(userId, { type: 'accounts.changed' });
  return { message: 'Account disconnected' };
}
