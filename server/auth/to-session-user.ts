import type { SessionUser } from '../../shared/auth/session.js';
import type { AuthUser } from '../http/types.js';

/** The user as the API shows it: no hashes, times as ISO strings. */
export function toSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    emailConfirmed: user.emailConfirmedAt !== null,
    timezone: user.timezone,
    language: user.language,
    timeFormat: user.timeFormat,
    setupComplete: user.setupComplete,
    hasPassword: user.hasPassword,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}
