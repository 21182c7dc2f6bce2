import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export async function listRecentNotifications(db: Db, userId: string, limit: number) {
  return (
    db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      // Insertion order breaks ties within the same millisecond.
      .orderBy(sql`rowid`, 'desc')
      .limit(limit)
      .execute()
  );
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('read', '=', 0)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function markRead(db: Db, userId: string, ids: string[]): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read: 1 })
    .where('userId', '=', userId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read: 1 })
    .where('userId', '=', userId)
    .where('read', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notifications')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
