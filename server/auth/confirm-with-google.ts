import { ACCOUNT_SECURITY_MESSAGES } from '../../shared/settings/account-security.js';
import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';

/**
 * Finishes "Confirm with Google": the Google account that just signed in must be the one linked
 * to the user who started the flow, and the browser finishing it must hold the session that
 * started it. That session then counts as freshly confirmed (sessions.google_auth_at); no new
 * session is made.
 */
export async function confirmWithGoogle(
  db: Db,
  input: {
    /** The user and session (SHA-256 id) the flow was started from. */
    startedBy: { userId: string | null; sessionId: string | null };
    /** The session (SHA-256 id) of the request finishing it. */
    currentSessionId: string | null;
    googleSub: string;
    now: number;
  },
  failed: () => AppError,
): Promise<void> {
  const { userId, sessionId } = input.startedBy;
  if (!userId || !sessionId || input.currentSessionId !== sessionId) throw failed();
  const user = await db.selectFrom('users').select('googleSub').where('id', '=', userId).executeTakeFirst();
  if (!user) throw failed();
  if (user.googleSub !== input.googleSub) {
    throw new AppError('forbidden', ACCOUNT_SECURITY_MESSAGES.googleWrongAccount);
  }
  await markGoogleSignIn(db, sessionId, input.now, userId);
}

/** Records a Google sign-in on the session (SHA-256 id): the start of its 10-minute window. */
export async function markGoogleSignIn(
  db: Db,
  sessionId: string,
  now: number,
  userId?: string,
): Promise<void> {
  let query = db.updateTable('sessions').set({ googleAuthAt: now }).where('id', '=', sessionId);
  if (userId) query = query.where('userId', '=', userId);
  await query.execute();
}
