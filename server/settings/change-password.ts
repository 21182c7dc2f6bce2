import {
  ACCOUNT_SECURITY_MESSAGES,
  type ChangePasswordInput,
  PASSWORD_CHANGE_COOLDOWN_MS,
  passwordCooldownMessage,
} from '../../shared/settings/account-security.js';
import { revokeAllApiTokens } from '../api-tokens/api-tokens.service.js';
import { checkCurrentPassword } from '../auth/check-current-password.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { revokeOtherSessions } from '../auth/revoke-sessions.js';
import { sendSecurityNotice } from '../auth/send-security-notice.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { logSecurityEvent } from '../security-log/security-log.js';

const HOUR_MS = 3_600_000;

interface ChangePasswordRequest {
  userId: string;
  /** The session that asked: it stays signed in, every other one ends. */
  sessionToken: string;
  input: ChangePasswordInput;
  ipAddress: string | null;
  userAgent: string | null;
  now?: number;
}

/**
 * Privacy & Security > Change Password (spec 02 sections 5 and 8): at most once per 24 hours,
 * the current password checked, the new one different from it. Every attempt is written to the
 * security log. On success every other session (and its live stream) ends, and the owner gets
 * an e-mail saying when, from where and from which browser.
 */
export async function changePassword(deps: AppDeps, request: ChangePasswordRequest): Promise<void> {
  const { db } = deps;
  const now = request.now ?? Date.now();
  const refuse = async (message: string, field?: string): Promise<never> => {
    await logSecurityEvent(db, { ...eventOf(request), success: false, errorMessage: message }, now);
    throw new AppError('validation_error', message, field ? { field } : {});
  };

  const user = await db
    .selectFrom('users')
    .select(['email', 'passwordHash', 'timezone'])
    .where('id', '=', request.userId)
    .executeTakeFirst();
  if (!user) throw new AppError('not_authenticated', 'Not authenticated');
  if (!user.passwordHash) return refuse(ACCOUNT_SECURITY_MESSAGES.noPassword, 'currentPassword');

  const latest = await db
    .selectFrom('passwordHistory')
    .select('createdAt')
    .where('userId', '=', request.userId)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest && now - latest.createdAt < PASSWORD_CHANGE_COOLDOWN_MS) {
    const hours = Math.max(1, Math.ceil((latest.createdAt + PASSWORD_CHANGE_COOLDOWN_MS - now) / HOUR_MS));
    return refuse(passwordCooldownMessage(hours));
  }
  const account = { email: user.email, passwordHash: user.passwordHash };
  let isCurrent: boolean;
  try {
    isCurrent = await checkCurrentPassword(db, account, request.input.currentPassword, request.ipAddress);
  } catch (error) {
    if (error instanceof AppError) {
      await logSecurityEvent(db, { ...eventOf(request), success: false, errorMessage: error.message }, now);
    }
    throw error;
  }
  if (!isCurrent) return refuse(ACCOUNT_SECURITY_MESSAGES.currentIncorrect, 'currentPassword');
  if (await verifyPassword(user.passwordHash, request.input.newPassword)) {
    return refuse(ACCOUNT_SECURITY_MESSAGES.mustDiffer, 'newPassword');
  }

  const passwordHash = await hashPassword(request.input.newPassword);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ passwordHash, updatedAt: now })
      .where('id', '=', request.userId)
      .execute();
    await trx
      .insertInto('passwordHistory')
      .values({ userId: request.userId, passwordHash, createdAt: now })
      .execute();
  });
  await logSecurityEvent(db, { ...eventOf(request), success: true }, now);
  // Ends the other sessions, and with them the push subscriptions they registered.
  await revokeOtherSessions(deps, request.userId, request.sessionToken);
  // API tokens too: a token leaked with the old password must not outlive it.
  await revokeAllApiTokens(db, request.userId, {
    ipAddress: request.ipAddress,
    userAgent: request.userAgent,
  });
  await sendSecurityNotice(deps, {
    user: { email: user.email, timezone: user.timezone },
    event: 'password_changed',
    ipAddress: request.ipAddress,
    userAgent: request.userAgent,
    at: now,
  });
}

function eventOf(request: ChangePasswordRequest) {
  return {
    userId: request.userId,
    eventType: 'password_change' as const,
    ipAddress: request.ipAddress,
    userAgent: request.userAgent,
  };
}
