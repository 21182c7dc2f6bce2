import type { SignupInput } from '../../shared/auth/schemas.js';
import { AUTH_MESSAGES } from '../../shared/http/errors.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import { isUniqueViolation } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';
import { findUserByEmail } from './auth.repository.js';
import { hashPassword } from './password.js';
import { sendConfirmationEmail } from './send-confirmation-email.js';

/**
 * Creates an unconfirmed user (setup_complete false) and e-mails the confirmation link and
 * code. The user cannot sign in until the e-mail is confirmed.
 */
export async function signup(deps: AppDeps, input: SignupInput): Promise<{ email: string }> {
  const email = input.email.trim();
  if (await findUserByEmail(deps.db, email)) {
    throw new AppError('email_in_use', AUTH_MESSAGES.email_in_use, { field: 'email' });
  }
  const now = Date.now();
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db
      .insertInto('users')
      .values({
        id,
        email,
        passwordHash,
        emailConfirmedAt: null,
        googleSub: null,
        timezone: input.timezone,
        language: input.language,
        timeFormat: null,
        setupComplete: 0,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  } catch (error) {
    // Two sign-ups racing for one address: the unique index (case-insensitive) decides.
    if (isUniqueViolation(error)) {
      throw new AppError('email_in_use', AUTH_MESSAGES.email_in_use, { field: 'email' });
    }
    throw error;
  }
  await sendConfirmationEmail(deps, { id, email });
  return { email };
}
