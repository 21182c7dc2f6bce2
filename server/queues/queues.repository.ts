import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.js';
import type { QueueItemRow, QueueItemsTable, QueueRow, QueuesTable } from '../db/schema.js';
import { sqlDialect } from '../db/sql-dialect.js';

/** queues, queue_items and queue_item_media; every read and write is scoped by owner. */

export async function findQueueForUser(
  db: Db,
  userId: string,
  queueId: string,
): Promise<QueueRow | undefined> {
  return db
    .selectFrom('queues')
    .selectAll()
    .where('id', '=', queueId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/**
 * The queue, locked until `trx` ends: its next run, items, item limit and positions change one
 * transaction at a time (what SQLite's one connection gives every transaction).
 */
export async function lockQueueForUser(
  trx: Db,
  userId: string,
  queueId: string,
): Promise<QueueRow | undefined> {
  const query = trx.selectFrom('queues').selectAll().where('id', '=', queueId).where('userId', '=', userId);
  return sqlDialect(trx).lockRows(query).executeTakeFirst();
}

/** Newest first (spec 02 section 7). */
export async function listQueuesForUser(db: Db, userId: string): Promise<QueueRow[]> {
  return db
    .selectFrom('queues')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function countQueuesForUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('queues')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function insertQueue(db: Db, row: Insertable<QueuesTable>): Promise<void> {
  await db.insertInto('queues').values(row).execute();
}

export async function updateQueueRow(
  db: Db,
  userId: string,
  queueId: string,
  changes: Updateable<QueuesTable>,
): Promise<void> {
  await db
    .updateTable('queues')
    .set(changes)
    .where('id', '=', queueId)
    .where('userId', '=', userId)
    .execute();
}

export async function deleteQueueRow(db: Db, userId: string, queueId: string): Promise<void> {
  await db.deleteFrom('queues').where('id', '=', queueId).where('userId', '=', userId).execute();
}

/** The items of these queues, in queue order. */
export async function listItemsOfQueues(
  db: Db,
  userId: string,
  queueIds: readonly string[],
): Promise<QueueItemRow[]> {
  if (queueIds.length === 0) return [];
  return db
    .selectFrom('queueItems')
    .selectAll()
    .where('userId', '=', userId)
    .where('queueId', 'in', [...queueIds])
    .orderBy('queueId')
    .orderBy('position', 'asc')
    .orderBy('createdAt', 'asc')
    .execute();
}

export async function findItemForUser(
  db: Db,
  userId: string,
  queueId: string,
  itemId: string,
): Promise<QueueItemRow | undefined> {
  return db
    .selectFrom('queueItems')
    .selectAll()
    .where('id', '=', itemId)
    .where('queueId', '=', queueId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function insertItem(db: Db, row: Insertable<QueueItemsTable>): Promise<void> {
  await db.insertInto('queueItems').values(row).execute();
}

export async function updateItemRow(
  db: Db,
  userId: string,
  itemId: string,
  changes: Updateable<QueueItemsTable>,
): Promise<void> {
  await db
    .updateTable('queueItems')
    .set(changes)
    .where('id', '=', itemId)
    .where('userId', '=', userId)
    .execute();
}

export async function deleteItemRow(db: Db, userId: string, itemId: string): Promise<void> {
  await db.deleteFrom('queueItems').where('id', '=', itemId).where('userId', '=', userId).execute();
}

/** Replaces the item's media links with exactly `mediaIds`. */
export async function setItemMedia(db: Db, itemId: string, mediaIds: readonly string[]): Promise<void> {
  await db.deleteFrom('queueItemMedia').where('itemId', '=', itemId).execute();
  const unique = [...new Set(mediaIds)];
  if (unique.length > 0) {
    await db
      .insertInto('queueItemMedia')
      .values(unique.map((mediaId) => ({ itemId, mediaId })))
      .execute();
  }
}

export async function listItemMediaIds(db: Db, itemIds: readonly string[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectFrom('queueItemMedia')
    .select('mediaId')
    .where('itemId', 'in', [...itemIds])
    .execute();
  return [...new Set(rows.map((row) => row.mediaId))];
}

/** The user's active queues that run at wall-clock times (to plan again when those change). */
export async function listClockQueuesForUser(db: Db, userId: string): Promise<QueueRow[]> {
  return db
    .selectFrom('queues')
    .selectAll()
    .where('userId', '=', userId)
    .where('isActive', '=', 1)
    .where('runMode', 'in', ['times', 'schedule'])
    .execute();
}

/**
 * For the runner, across users: active queues whose run is due. Empty ones too: their run only
 * moves next_run on, so the next run time shown is always ahead.
 */
export async function listDueQueues(
  db: Db,
  now: number,
  limit: number,
): Promise<Array<{ id: string; userId: string }>> {
  return db
    .selectFrom('queues')
    .select(['id', 'userId'])
    .where('isActive', '=', 1)
    .where('nextRun', '<=', now)
    .orderBy('nextRun', 'asc')
    .limit(limit)
    .execute();
}

/**
 * The owner lost access (the subscription gate): the queue stops with the reason, keeping its
 * next run and item order. It runs again only when the user resumes it.
 */
export async function pauseQueuesWithoutAccess(
  db: Db,
  options: { userId: string; queueIds: readonly string[]; reason: string; now: number },
): Promise<number> {
  if (options.queueIds.length === 0) return 0;
  const result = await db
    .updateTable('queues')
    .set({ isActive: 0, pausedReason: options.reason, updatedAt: options.now })
    .where('userId', '=', options.userId)
    .where('id', 'in', [...options.queueIds])
    .where('isActive', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
