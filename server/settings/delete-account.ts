import fs from 'node:fs';
import { ACCOUNT_SECURITY_MESSAGES } from '../../shared/settings/account-security.js';
import { revokeAccountGrant } from '../accounts/disconnect-account.js';
import { isBillingOn } from '../billing/billing-settings.js';
import { cancelSubscription } from '../billing/cancel-subscription.js';
import { AppError } from '../core/errors.js';
import type { AppDeps, AuthUser } from '../http/types.js';
import { mediaDirectory } from '../media/media-storage.js';

/**
 * Delete Account (spec 02): platform grants are revoked where the platform offers it and a paid
 * subscription is cancelled (both best effort, before the data that names them goes), then the
 * user row is deleted in one transaction (every table of user data cascades from it), their
 * media files are removed, and every session and live stream ends. Posts the engine already
 * claimed ahead of their due moment are dropped before anything is sent.
 */
export async function deleteAccount(deps: AppDeps, user: AuthUser): Promise<void> {
  const { db, logger } = deps;
  const accounts = await db.selectFrom('socialAccounts').selectAll().where('userId', '=', user.id).execute();
  for (const account of accounts) await revokeAccountGrant(deps, account);
  if (isBillingOn(deps.config)) {
    try {
      await cancelSubscription(deps, user);
    } catch (error) {
      // No subscription to cancel is the common case; a provider failure must not keep the data.
      if (!(error instanceof AppError && error.code === 'not_found')) {
        logger.warn('subscription cancel at account deletion failed', {
          reason: error instanceof Error ? error.message : 'unknown',
        });
      }
    }
  }
  try {
    await db.transaction().execute(async (trx) => {
      // Kept by e-mail address rather than user id.
      const email = user.email.trim().toLowerCase();
      await trx
        .deleteFrom('loginAttempts')
        .where('email', 'in', [email, `confirm-code:${email}`])
        .execute();
      await trx.deleteFrom('mailOutbox').where('toAddress', '=', user.email).execute();
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
    });
  } catch (error) {
    logger.error('account deletion failed', { error });
    throw new AppError('internal_error', ACCOUNT_SECURITY_MESSAGES.deleteFailed);
  }
  // The rows are gone, so nothing claims the user's posts again; drop those already claimed.
  deps.scheduler.forgetUser(user.id);
  deps.events.publish(user.id, { type: 'session.revoked', sessionIds: 'all' });
  await fs.promises.rm(mediaDirectory(deps.config, user.id), { recursive: true, force: true });
}
