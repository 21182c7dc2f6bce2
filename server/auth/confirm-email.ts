import type { ConfirmEmailInput } from '../../shared/auth/schemas.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { findUserByEmail } from './auth.repository.js';
import { createSession } from './create-session.js';
import { consumeEmailToken } from './email-tokens.js';

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
    const user = await findUserByEmail(deps.db, input.email);
    userId = user ? await consumeEmailToken(deps.db, 'confirm', { userId: user.id, code: input.code }) : null;
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
