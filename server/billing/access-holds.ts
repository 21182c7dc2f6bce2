import { ACCESS_HOLD_NOTICE } from '../../shared/billing/billing.js';
import type { Db } from '../db/database.js';
import type { AppDeps } from '../http/types.js';
import { createNotification } from '../notifications/create-notification.js';

/**
 * The engine holds this user's work for lack of access. The first hold of a lapse tells the user
 * once (one notification, however many posts and queues are held); later holds of the same lapse
 * say nothing. The hold ends when access returns (releaseAccessHold).
 */
export async function holdForLackOfAccess(
  deps: Pick<AppDeps, 'db' | 'events'>,
  userId: string,
  reason: string,
  now = Date.now(),
): Promise<void> {
  const result = await deps.db
    .insertInto('accessHolds')
    .values({ userId, reason, heldAt: now })
    .onConflict((oc) => oc.column('userId').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return;
  await createNotification(deps, {
    userId,
    type: 'system',
    title: ACCESS_HOLD_NOTICE.title,
    message: ACCESS_HOLD_NOTICE.message(reason),
    data: { action: 'subscribe' },
  });
}

/** Access is back: the next lapse is told again. */
async function _releaseAccessHold(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('accessHolds').where('userId', '=', userId).execute();
}
