import type { AppDeps } from '../http/types.js';
import { confirmEmailMessage } from '../mail/templates/confirm-email.js';
import { issueEmailToken } from './email-tokens.js';

/** Issues a new confirmation link and code (older ones stop working) and e-mails them. */
export async function sendConfirmationEmail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  user: { id: string; email: string },
): Promise<void> {
  const { token, code } = await issueEmailToken(deps.db, user.id, 'confirm');
  const link = `${deps.config.APP_URL}/auth/confirm?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(confirmEmailMessage({ to: user.email, link, code: code ?? '' }));
}
