import type { TokenInput } from '../../shared/auth/schemas.js';
import { AUTH_MESSAGES } from '../../shared/http/errors.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { findUserByEmail } from './auth.repository.js';
import { lockedUntil, recordLoginAttempt } from './login-attempts.js';
import { verifyPassword } from './password.js';

/**
 * The password check behind sign-in and `POST /api/auth/token`: lockout first (a locked
 * e-mail answers account_locked even with the right password), then the password, then
 * the confirmed e-mail. Every checked attempt is recorded.
 */
export async function verifyCredentials(
  deps: Pick<AppDeps, 'db'>,
  input: TokenInput,
  ip: string,
): Promise<{ userId: string }> {
  const { db } = deps;
  if (await lockedUntil(db, input.email)) {
    throw new AppError('account_locked', AUTH_MESSAGES.account_locked);
  }
  const user = await findUserByEmail(db, input.email);
  const isValid = await verifyPassword(user?.passwordHash ?? null, input.password);
  await recordLoginAttempt(db, { email: input.email, ip, succeeded: Boolean(user && isValid) });
  if (!user || !isValid) {
    throw new AppError('invalid_credentials', AUTH_MESSAGES.invalid_credentials);
  }
  if (user.emailConfirmedAt === null) {
    throw new AppError('email_not_verified', AUTH_MESSAGES.email_not_verified);
  }
  return { userId: user.id };
}
