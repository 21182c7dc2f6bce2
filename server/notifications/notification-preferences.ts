import {
  type NotificationPreferences,
  withDefaults,
} from '../../shared/settings/notification-preferences.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn } from '../db/json-column.js';

/** The user's e-mail and push choices per category; everything off until they choose. */
export async function getNotificationPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('userPreferences')
    .select('notificationPreferences')
    .where('userId', '=', userId)
    .executeTakeFirst();
  return withDefaults(parseJsonColumn<unknown>(row?.notificationPreferences, null));
}

/** Spec 02 section 7: an upsert with updated_at. */
export async function saveNotificationPreferences(
  db: Db,
  userId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences> {
  const now = Date.now();
  const value = JSON.stringify(preferences);
  await db
    .insertInto('userPreferences')
    .values({ userId, notificationPreferences: value, updatedAt: now })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ notificationPreferences: value, updatedAt: now }))
    .execute();
  return preferences;
}
