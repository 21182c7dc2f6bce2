import type { Insertable, Updateable } from 'kysely';
import type { PostStatus } from '../../shared/posts/api.js';
import type { Db } from '../db/database.js';
import type { ScheduledPostRow, ScheduledPostsTable } from '../db/schema.js';

/** scheduled_posts and post_media, every read scoped by owner unless it says otherwise. */

export async function findPostForUser(
  db: Db,
  userId: string,
  postId: string,
): Promise<ScheduledPostRow | undefined> {
  return db
    .selectFrom('scheduledPosts')
    .selectAll()
    .where('id', '=', postId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** For the publishing engine, which works across users. */
export async function findPostById(db: Db, postId: string): Promise<ScheduledPostRow | undefined> {
  return db.selectFrom('scheduledPosts').selectAll().where('id', '=', postId).executeTakeFirst();
}

export async function insertPost(db: Db, row: Insertable<ScheduledPostsTable>): Promise<void> {
  await db.insertInto('scheduledPosts').values(row).execute();
}

export async function updatePostRow(
  db: Db,
  userId: string,
  postId: string,
  changes: Updateable<ScheduledPostsTable>,
): Promise<void> {
  await db
    .updateTable('scheduledPosts')
    .set(changes)
    .where('id', '=', postId)
    .where('userId', '=', userId)
    .execute();
}

export async function deletePostRow(db: Db, userId: string, postId: string): Promise<void> {
  await db.deleteFrom('scheduledPosts').where('id', '=', postId).where('userId', '=', userId).execute();
}

/** Replaces the post's media links with exactly `mediaIds`. */
export async function setPostMedia(db: Db, postId: string, mediaIds: readonly string[]): Promise<void> {
  await db.deleteFrom('postMedia').where('postId', '=', postId).execute();
  const unique = [...new Set(mediaIds)];
  if (unique.length > 0) {
    await db
      .insertInto('postMedia')
      .values(unique.map((mediaId) => ({ postId, mediaId })))
      .execute();
  }
}

export async function listPostMediaIds(db: Db, postId: string): Promise<string[]> {
  const rows = await db.selectFrom('postMedia').select('mediaId').where('postId', '=', postId).execute();
  return rows.map((row) => row.mediaId);
}

export interface PostStatusChange {
  status: PostStatus;
  /** Only move the post when it is in one of these statuses (an atomic claim). */
  from?: readonly PostStatus[];
  postedAt?: number | null;
  scheduledAt?: number | null;
  platformPostId?: string | null;
  platformPostUrl?: string | null;
  errorMessage?: string | null;
  leaseUntil?: number | null;
  nextAttemptAt?: number | null;
  attemptCount?: number;
  metadata?: string;
  tweets?: string | null;
}

/**
 * Moves a post to a new status for the publishing engine; returns false when the row was not
 * in an allowed `from` status (someone else claimed or changed it). `isDraft` follows the status.
 * Callers publish the `post.updated` event themselves once they hold the final row.
 */
export async function markPostStatus(db: Db, postId: string, change: PostStatusChange): Promise<boolean> {
  const { from, status, ...rest } = change;
  const values: Updateable<ScheduledPostsTable> = {
    ...rest,
    status,
    isDraft: status === 'draft' ? 1 : 0,
    updatedAt: Date.now(),
  };
  let query = db.updateTable('scheduledPosts').set(values).where('id', '=', postId);
  if (from && from.length > 0) query = query.where('status', 'in', [...from]);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
