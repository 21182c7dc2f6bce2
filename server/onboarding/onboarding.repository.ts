import type { Db } from '../db/database.js';

/** user_onboarding is written here only; every query filters by the user's id. */

async function ensureRow(db: Db, userId: string, now: number): Promise<void> {
  await db
    .insertInto('userOnboarding')
    .values({ userId, updatedAt: now })
    .onConflict((oc) => oc.column('userId').doNothing())
    .execute();
}

export async function findOnboarding(db: Db, userId: string) {
  return db.selectFrom('userOnboarding').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/**
 * Records the first dashboard visit. The claim is the UPDATE's `IS NULL` guard, so of two
 * visits at once exactly one is the first. Answers whether this one was.
 */
export async function claimFirstDashboardVisit(db: Db, userId: string, now: number): Promise<boolean> {
  await ensureRow(db, userId, now);
  const result = await db
    .updateTable('userOnboarding')
    .set({ firstDashboardVisitAt: now, updatedAt: now })
    .where('userId', '=', userId)
    .where('firstDashboardVisitAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markChecklistDismissed(db: Db, userId: string, now: number): Promise<void> {
  await ensureRow(db, userId, now);
  await db
    .updateTable('userOnboarding')
    .set({ checklistDismissedAt: now, updatedAt: now })
    .where('userId', '=', userId)
    .where('checklistDismissedAt', 'is', null)
    .execute();
}

/** The browser extension signed in (its first time is what counts). */
export async function markExtensionConnected(db: Db, userId: string, now = Date.now()): Promise<void> {
  await ensureRow(db, userId, now);
  await db
    .updateTable('userOnboarding')
    .set({ extensionConnectedAt: now, updatedAt: now })
    .where('userId', '=', userId)
    .where('extensionConnectedAt', 'is', null)
    .execute();
}
