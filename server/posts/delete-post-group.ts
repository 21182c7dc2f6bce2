import { isReadOnlyVersion } from '../../shared/posts/post-group-rules.js';
import {
  type DeletePostGroupResult,
  deletedGroupMessage,
  POST_GROUP_MESSAGES,
} from '../../shared/posts/post-groups.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { deleteOrphanMedia } from '../media/delete-media.js';
import { getPostGroupRowsForUser } from './get-post-group.js';
import { allMediaIdsOf } from './post-dto.js';
import { deleteGroupIfEmpty } from './post-groups.repository.js';
import { deletePostRowIn } from './posts.repository.js';

/**
 * "All not yet sent": deletes every post of the group that is not published (nor being published)
 * and the media nobody else uses; sent posts stay, and so does the group while it has any.
 * "This account only" is DELETE /api/posts/:id.
 */
export async function deletePostGroup(
  deps: AppDeps,
  userId: string,
  groupId: string,
): Promise<DeletePostGroupResult> {
  const { posts } = await getPostGroupRowsForUser(deps, userId, groupId);
  const unsent = posts.filter((row) => !isReadOnlyVersion(row.status));
  if (unsent.length === 0) throw new AppError('conflict', POST_GROUP_MESSAGES.nothingToDelete);
  const mediaIds = [...new Set(unsent.flatMap((row) => allMediaIdsOf(row)))];
  const deleted = await deps.db.transaction().execute(async (trx) => {
    // Only while still unsent: a post the engine claimed meanwhile stays.
    const ids: string[] = [];
    for (const row of unsent) {
      if (await deletePostRowIn(trx, { userId, postId: row.id, status: row.status })) ids.push(row.id);
    }
    await deleteGroupIfEmpty(trx, userId, groupId);
    return ids;
  });
  await deleteOrphanMedia(deps, userId, mediaIds);
  for (const postId of deleted) deps.events.publish(userId, { type: 'post.deleted', postId });
  return { deleted: deleted.length, message: deletedGroupMessage(deleted.length) };
}
