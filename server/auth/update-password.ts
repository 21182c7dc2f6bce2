import type { UpdatePasswordInput } from '../../shared/auth/schemas.js';
import { revokeAllApiTokens } from '../api-tokens/api-tokens.service.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { consumeEmailToken } from './email-tokens.js';
import { hashPassword } from './password.js';
import { sendSecurityNotice } from './send-security-notice.js';

export const RESET_TOKEN_INVALID =
  'This password reset link has expired or is invalid. Please request a new one.';

/**
 * Sets a new password with a reset token and ends every session of the user (a stolen
 * session must not outlive a password change). Following the e-mailed link also proves
 * the address, so an unconfirmed e-mail becomes confirmed. The owner gets an e-mail saying when,
 * from where and from which browser, in case it was not them.
 */
export async function updatePassword(
  deps: AppDeps,
  input: UpdatePasswordInput,
  client: { ipAddress: string | null; userAgent: string | null },
): Promise<void> {
  const userId = await consumeEmailToken(deps.db, 'reset', { token: input.token });
  if (!userId) throw new AppError('invalid_token', RESET_TOKEN_INVALID);
  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  await deps.db
    .updateTable('users')
    .set((eb) => ({
      passwordHash,
      emailConfirmedAt: eb.fn.coalesce('emailConfirmedAt', eb.val(now)),
      setupComplete: 1,
      updatedAt: now,
    }))
    .where('id', '=', userId)
    .execute();
  // Every session ends, and with them every push subscription of the account.
  await deps.lucia.invalidateUserSessions(userId);
  await revokeAllApiTokens(deps.db, userId, client);
  const user = await deps.db
    .selectFrom('users')
    .select(['email', 'timezone'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user) await sendSecurityNotice(deps, { user, event: 'password_reset', ...client, at: now });
}
