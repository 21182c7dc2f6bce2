import { AUTH_MESSAGES } from '../../shared/http/errors.js';
import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import { lockedUntil, recordLoginAttempt } from './login-attempts.js';
import { verifyPassword } from './password.js';

/**
 * The current password asked again by a signed-in user (password change, account deletion).
 * A guess here is a sign-in attempt: it counts with sign-in's attempts for the e-mail and locks
 * both the same way (five failures in 15 minutes lock for 15), so a stolen session cannot try
 * passwords faster than the sign-in form. Answers whether the password was right; a locked
 * e-mail is refused before the password is even checked.
 */
export async function checkCurrentPassword(
  db: Db,
  user: { email: string; passwordHash: string },
  password: string,
  ip: string | null,
): Promise<boolean> {
  if (await lockedUntil(db, user.email)) {
    throw new AppError('account_locked', AUTH_MESSAGES.account_locked);
  }
  const isValid = await verifyPassword(user.passwordHash, password);
  await recordLoginAttempt(db, { email: user.email, ip: ip ?? 'unknown', succeeded: isValid });
  return isValid;
}
