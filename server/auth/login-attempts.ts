import type { Db } from '../db/database.js';

const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_DURATION_MS = 15 * 60_000;

function key(email: string): string {
  return email.trim().toLowerCase();
}

export async function recordLoginAttempt(
  db: Db,
  attempt: { email: string; ip: string; succeeded: boolean },
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('loginAttempts')
    .values({
      email: key(attempt.email),
      ip: attempt.ip,
      succeeded: attempt.succeeded ? 1 : 0,
      createdAt: now,
    })
    .execute();
}

/**
 * Five failures within 15 minutes lock the e-mail for 15 minutes from the fifth. Failures
 * before the last success do not count. Returns when the lock ends, or null.
 */
export async function lockedUntil(db: Db, email: string, now = Date.now()): Promise<number | null> {
  const rows = await db
    .selectFrom('loginAttempts')
    .select(['succeeded', 'createdAt'])
    .where('email', '=', key(email))
    .where('createdAt', '>', now - LOCKOUT_WINDOW_MS - LOCKOUT_DURATION_MS)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
  let failures: number[] = [];
  let until: number | null = null;
  for (const row of rows) {
    if (row.succeeded) {
      failures = [];
      continue;
    }
    failures.push(row.createdAt);
    const fifthBack = failures[failures.length - LOCKOUT_FAILURES];
    if (fifthBack !== undefined && row.createdAt - fifthBack <= LOCKOUT_WINDOW_MS) {
      until = row.createdAt + LOCKOUT_DURATION_MS;
      failures = [];
    }
  }
  return until !== null && until > now ? until : null;
}
