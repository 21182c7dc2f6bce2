import fs from 'node:fs';
import { ACCOUNT_SECURITY_MESSAGES } from '../../shared/settings/account-security.js';
import { revokeAccountGrant } from '../accounts/disconnect-account.js';
import { sendSecurityNotice } from '../auth/send-security-notice.js';
import { isBillingOn } from '../billing/billing-settings.js';
import { cancelSubscription } from '../billing/cancel-subscription.js';
import { AppError } from '../core/errors.js';
import type { AppDeps, AuthSession, AuthUser } from '../http/types.js';
import { mediaDirectory } from '../media/media-storage.js';
import { mediaStore } from '../media/media-store.js';
import { confirmAccountDeletion } from './confirm-account-deletion.js';

/**
 * Delete Account (spec 02), once confirmed (confirm-account-deletion.ts): platform grants are revoked where the platform offers it and a paid
 * subscription is cancelled (both best effort, before the data that names them goes), then the
 * user row is deleted in one transaction (every table of user data cascades from it), their
 * media files are removed, and every session and live stream ends. Posts the engine already
 * claimed ahead of their due moment are dropped before anything is sent. The address the account
 * had gets a notice, in case it was not its owner.
 */
export async function deleteAccount(
  deps: AppDeps,
  user: AuthUser,
  request: {
    session: AuthSession;
    password: string | undefined;
    ipAddress: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  const { db, logger } = deps;
  await confirmAccountDeletion(db, { userId: user.id, ...request });
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
  deps.engine.forgetUser(user.id);
  deps.events.publish(user.id, { type: 'session.revoked', sessionIds: 'all' });
  // In S3 mode the user's directory may still hold an upload being checked: remove both.
  await fs.promises.rm(mediaDirectory(deps.config, user.id), { recursive: true, force: true });
  await mediaStore(deps.config).removeUser(user.id);
  await sendSecurityNotice(deps, {
    user: { email: user.email, timezone: user.timezone },
    event: 'account_deleted',
    ipAddress: request.ipAddress,
    userAgent: request.userAgent,
  });
}
