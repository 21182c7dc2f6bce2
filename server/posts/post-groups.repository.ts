import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { PostGroupRow, PostGroupsTable, ScheduledPostRow } from '../db/schema.js';

/**
 * post_groups rows (a post composed once for several accounts: the shared text, media and link),
 * every read scoped by owner. The posts of a group are ordinary scheduled_posts rows
 * (posts.repository.ts, post-transitions.ts) that point here with group_id.
 */

export async function insertPostGroup(db: Db, row: Insertable<PostGroupsTable>): Promise<void> {
  await db.insertInto('postGroups').values(row).execute();
}

export async function findPostGroupForUser(
  db: Db,
  userId: string,
  groupId: string,
): Promise<PostGroupRow | undefined> {
  return db
    .selectFrom('postGroups')
    .selectAll()
    .where('id', '=', groupId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function updatePostGroupShared(
  db: Db,
  input: {
    userId: string;
    groupId: string;
    content: string;
    media: string;
    link: string | null;
    now: number;
  },
): Promise<void> {
  await db
    .updateTable('postGroups')
    .set({ content: input.content, media: input.media, link: input.link, updatedAt: input.now })
    .where('id', '=', input.groupId)
    .where('userId', '=', input.userId)
    .execute();
}

/** The group's posts, in the order they were created (the order its accounts were chosen). */
export async function listGroupPosts(db: Db, userId: string, groupId: string): Promise<ScheduledPostRow[]> {
  return db
    .selectFrom('scheduledPosts')
    .selectAll()
    .where('groupId', '=', groupId)
    .where('userId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

/** Deletes the group once it has no post left (its last post was deleted on its own). */
export async function deleteGroupIfEmpty(db: Db, userId: string, groupId: string): Promise<void> {
  await db
    .deleteFrom('postGroups')
    .where('id', '=', groupId)
    .where('userId', '=', userId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('scheduledPosts').select('id').where('groupId', '=', groupId))),
    )
    .execute();
}

/** The group's posts with their accounts' names (null once an account is gone), in creation order. */
export async function listGroupPostAccounts(db: Db, userId: string, groupId: string) {
  return db
    .selectFrom('scheduledPosts as post')
    .leftJoin('socialAccounts as account', (join) =>
      join.onRef('account.id', '=', 'post.socialAccountId').on('account.userId', '=', userId),
    )
    .select([
      'post.id',
      'post.socialAccountId',
      'post.platform',
      'post.status',
      'post.platformPostUrl',
      'post.errorMessage',
      'account.accountName',
    ])
    .where('post.userId', '=', userId)
    .where('post.groupId', '=', groupId)
    .orderBy('post.createdAt')
    .orderBy('post.id')
    .execute();
}
