import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { MediaRow, MediaTable } from '../db/schema.js';

/** Media rows, always scoped by owner. */
export async function findMediaForUser(
  db: Db,
  userId: string,
  mediaId: string,
): Promise<MediaRow | undefined> {
  return db
    .selectFrom('media')
    .selectAll()
    .where('id', '=', mediaId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function findMediaById(db: Db, mediaId: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', mediaId).executeTakeFirst();
}

/** The user's rows among `ids` (foreign or unknown ids are simply absent). */
export async function listMediaForUser(db: Db, userId: string, ids: readonly string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('media')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertMedia(db: Db, row: Insertable<MediaTable>): Promise<void> {
  await db.insertInto('media').values(row).execute();
}

export async function deleteMediaRow(db: Db, mediaId: string): Promise<void> {
  await db.deleteFrom('media').where('id', '=', mediaId).execute();
}

export async function countPostsUsingMedia(db: Db, mediaId: string): Promise<number> {
  const row = await db
    .selectFrom('postMedia')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mediaId', '=', mediaId)
    .executeTakeFirst();
  // A file in a queue item is in use too: the item publishes it again on a later run.
  const items = await db
    .selectFrom('queueItemMedia')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('mediaId', '=', mediaId)
    .executeTakeFirst();
  return Number(row?.count ?? 0) + Number(items?.count ?? 0);
}

/** Media older than `before` that no post and no queue item uses, oldest first. */
export async function listUnusedMediaBefore(db: Db, before: number, limit: number): Promise<MediaRow[]> {
  return db
    .selectFrom('media')
    .selectAll()
    .where('createdAt', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('postMedia').select('postMedia.mediaId').whereRef('postMedia.mediaId', '=', 'media.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('queueItemMedia')
            .select('queueItemMedia.mediaId')
            .whereRef('queueItemMedia.mediaId', '=', 'media.id'),
        ),
      ),
    )
    .orderBy('createdAt')
    .limit(limit)
    .execute();
}

/**
 * Deletes the row only if still nothing uses it, in one statement: a post saved with the file
 * between the listing and this call keeps it. True when the row went.
 */
export async function deleteMediaRowIfUnused(db: Db, mediaId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('media')
    .where('id', '=', mediaId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('postMedia').select('postMedia.mediaId').where('postMedia.mediaId', '=', mediaId)),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('queueItemMedia')
            .select('queueItemMedia.mediaId')
            .where('queueItemMedia.mediaId', '=', mediaId),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
