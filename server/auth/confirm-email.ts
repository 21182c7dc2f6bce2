import type { ConfirmEmailInput } from '../../shared/auth/schemas.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { findUserByEmail } from './auth.repository.js';
import { createSession } from './create-session.js';
import { consumeEmailToken } from './email-tokens.js';
import { lockedUntil, recordLoginAttempt } from './login-attempts.js';

/** The web app maps this wording to its 'link has expired or is invalid' screen (spec 01 section 8). */
export const CONFIRM_TOKEN_INVALID = 'Token has expired or is invalid';

/**
 * Confirms the e-mail by the link's token or by the 8-digit code, marks setup complete and
 * signs the user in (a browser-session cookie).
 */
export async function confirmEmail(deps: AppDeps, input: ConfirmEmailInput) {
  let userId: string | null;
  if ('token' in input) {
    userId = await consumeEmailToken(deps.db, 'confirm', { token: input.token });
  } else {
    userId = await confirmByCode(deps, input.email, input.code);
  }
  if (!userId) throw new AppError('invalid_token', CONFIRM_TOKEN_INVALID);
  const now = Date.now();
  await deps.db
    .updateTable('users')
    .set((eb) => ({
      emailConfirmedAt: eb.fn.coalesce('emailConfirmedAt', eb.val(now)),
      setupComplete: 1,
      updatedAt: now,
    }))
    .where('id', '=', userId)
    .execute();
  return createSession(deps, userId, { remember: false, kind: 'cookie' });
}

/**
 * Eight digits are guessable by brute force, so wrong codes count like failed sign-ins:
 * five within 15 minutes stop code confirmation for that e-mail for 15 minutes.
 */
async function confirmByCode(deps: AppDeps, email: string, code: string): Promise<string | null> {
  const attemptKey = `confirm-code:${email}`;
  if (await lockedUntil(deps.db, attemptKey)) return null;
  const user = await findUserByEmail(deps.db, email);
  const userId = user ? await consumeEmailToken(deps.db, 'confirm', { userId: user.id, code }) : null;
  if (!userId) await recordLoginAttempt(deps.db, { email: attemptKey, ip: '', succeeded: false });
  return userId;
}
