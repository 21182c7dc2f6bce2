import type { Db } from '../db/database.js';
import { LOCKOUT_DURATION_MS, LOCKOUT_WINDOW_MS } from './login-attempts.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes what sign-in no longer needs: login attempts older than the lockout rule looks at (kept
 * a day for investigation), used or expired e-mail tokens and OAuth states a day after they
 * ended, and expired sessions. Returns the rows deleted per table.
 */
export async function pruneAuthRecords(db: Db, now = Date.now()) {
  const attemptsBefore = now - Math.max(DAY_MS, LOCKOUT_WINDOW_MS + LOCKOUT_DURATION_MS);
  const loginAttempts = await db
    .deleteFrom('loginAttempts')
    .where('createdAt', '<', attemptsBefore)
    .executeTakeFirst();
  const emailTokens = await db
    .deleteFrom('emailTokens')
    .where((eb) => eb.or([eb('expiresAt', '<', now - DAY_MS), eb('usedAt', '<', now - DAY_MS)]))
    .executeTakeFirst();
  const oauthStates = await db
    .deleteFrom('oauthStates')
    .where((eb) => eb.or([eb('expiresAt', '<', now - DAY_MS), eb('usedAt', '<', now - DAY_MS)]))
    .executeTakeFirst();
  const sessions = await db.deleteFrom('sessions').where('expiresAt', '<=', now).executeTakeFirst();
  return {
    loginAttempts: Number(loginAttempts.numDeletedRows),
    emailTokens: Number(emailTokens.numDeletedRows),
    oauthStates: Number(oauthStates.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
  };
}
