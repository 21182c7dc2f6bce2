import {
  ACCOUNT_SECURITY_MESSAGES,
  type AccountDeletionCheck,
  GOOGLE_CONFIRM_WINDOW_MS,
} from '../../shared/settings/account-security.js';
import { checkCurrentPassword } from '../auth/check-current-password.js';
import { AppError } from '../core/errors.js';
import { sha256Hex } from '../core/ids.js';
import type { Db } from '../db/database.js';
import type { AuthSession } from '../http/types.js';

async function facts(db: Db, userId: string, sessionToken: string) {
  const row = await db
    .selectFrom('users')
    .leftJoin('sessions', (join) =>
      join.onRef('sessions.userId', '=', 'users.id').on('sessions.id', '=', sha256Hex(sessionToken)),
    )
    .select(['users.email', 'users.passwordHash', 'users.googleSub', 'sessions.googleAuthAt'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_authenticated', 'Not authenticated');
  return row;
}

/** `GET /api/settings/account/deletion`: how this user confirms, and until when a Google sign-in counts. */
export async function getAccountDeletionCheck(
  db: Db,
  userId: string,
  sessionToken: string,
  now = Date.now(),
): Promise<AccountDeletionCheck> {
  const row = await facts(db, userId, sessionToken);
  const until = row.googleAuthAt === null ? null : row.googleAuthAt + GOOGLE_CONFIRM_WINDOW_MS;
  return {
    method: row.passwordHash ? 'password' : row.googleSub ? 'google' : 'reset',
    googleConfirmedUntil: until !== null && until > now ? new Date(until).toISOString() : null,
  };
}

/**
 * Account deletion asks more than the typed DELETE, so a stolen bearer cannot delete anyone:
 * never from a bearer token (the extension's or a script's: only the web app's own session);
 * the current password, counted with sign-in's attempts and locked the same way; and from a
 * user without a password, a Google sign-in in this session within the last 10 minutes.
 */
export async function confirmAccountDeletion(
  db: Db,
  request: { userId: string; session: AuthSession; password: string | undefined; ipAddress: string | null },
  now = Date.now(),
): Promise<void> {
  if (request.session.kind !== 'cookie') {
    throw new AppError('forbidden', ACCOUNT_SECURITY_MESSAGES.deleteFromWebApp);
  }
  const row = await facts(db, request.userId, request.session.id);
  if (row.passwordHash) {
    if (!request.password) {
      throw new AppError('validation_error', ACCOUNT_SECURITY_MESSAGES.enterPassword, { field: 'password' });
    }
    const account = { email: row.email, passwordHash: row.passwordHash };
    if (!(await checkCurrentPassword(db, account, request.password, request.ipAddress))) {
      throw new AppError('validation_error', ACCOUNT_SECURITY_MESSAGES.currentIncorrect, {
        field: 'password',
      });
    }
    return;
  }
  if (!row.googleSub) {
    throw new AppError('forbidden', ACCOUNT_SECURITY_MESSAGES.noPassword, {
      details: { action: 'reset_password' },
    });
  }
  if (row.googleAuthAt === null || now - row.googleAuthAt > GOOGLE_CONFIRM_WINDOW_MS) {
    throw new AppError('forbidden', ACCOUNT_SECURITY_MESSAGES.googleConfirmNeeded, {
      details: { action: 'reauthenticate' },
    });
  }
}
