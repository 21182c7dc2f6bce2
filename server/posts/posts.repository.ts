import type { Insertable, Updateable } from 'kysely';
import type { PostStatus } from '../../shared/posts/api.js';
import type { Db } from '../db/database.js';
import type { ScheduledPostRow, ScheduledPostsTable } from '../db/schema.js';

/**
 * scheduled_posts rows (creation, the user's content edits, deletion) and post_media, every read
 * scoped by owner. A post's state (status, lease, progress) changes only in post-transitions.ts.
 */

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

export async function insertPost(db: Db, row: Insertable<ScheduledPostsTable>): Promise<void> {
  await db.insertInto('scheduledPosts').values(row).execute();
}

/**
 * The user's edit of a post's content, account and type (its timing is a transition in
 * post-transitions.ts). Only while the post is still in `status`, the one the edit was read in:
 * the engine may have claimed it meanwhile, and then the edit loses.
 */
export async function updatePostContent(
  db: Db,
  input: {
    userId: string;
    postId: string;
    status: PostStatus;
    changes: Pick<
      Updateable<ScheduledPostsTable>,
      'socialAccountId' | 'platform' | 'content' | 'postType' | 'media' | 'tweets' | 'metadata' | 'customized'
    >;
    now: number;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('scheduledPosts')
    .set({ ...input.changes, updatedAt: input.now })
    .where('id', '=', input.postId)
    .where('userId', '=', input.userId)
    .where('status', '=', input.status)
    .where('status', 'in', ['draft', 'scheduled', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePostRow(db: Db, userId: string, postId: string): Promise<void> {
  await db.deleteFrom('scheduledPosts').where('id', '=', postId).where('userId', '=', userId).execute();
}

/** Deletes the post only while it is still in `status` (the engine may have claimed it); answers whether it did. */
export async function deletePostRowIn(
  db: Db,
  input: { userId: string; postId: string; status: PostStatus },
): Promise<boolean> {
  const result = await db
    .deleteFrom('scheduledPosts')
    .where('id', '=', input.postId)
    .where('userId', '=', input.userId)
    .where('status', '=', input.status)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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
