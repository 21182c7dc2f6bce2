import type { PasswordResetInput } from '../../shared/auth/schemas.js';
import type { AppDeps } from '../http/types.js';
import { resetPasswordMessage } from '../mail/templates/reset-password.js';
import { findUserByEmail } from './auth.repository.js';
import { issueEmailToken } from './email-tokens.js';

/**
 * E-mails a single-use reset link (1 hour) when the e-mail belongs to a user. The caller
 * answers the same either way, so the form cannot be used to probe for accounts.
 */
export async function requestPasswordReset(deps: AppDeps, input: PasswordResetInput): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) return;
  const { token } = await issueEmailToken(deps.db, user.id, 'reset');
  const link = `${deps.config.APP_URL}/update-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(resetPasswordMessage({ to: user.email, link }));
}
