import type { ResendConfirmationInput } from '../../shared/auth/schemas.js';
import type { AppDeps } from '../http/types.js';
import { findUserByEmail } from './auth.repository.js';
import { sendConfirmationEmail } from './send-confirmation-email.js';

/** Sends a fresh link and code to an unconfirmed user; answers the same for any e-mail. */
export async function resendConfirmation(deps: AppDeps, input: ResendConfirmationInput): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || user.emailConfirmedAt !== null) return;
  await sendConfirmationEmail(deps, user);
}
