import { deletedPostMessage, POST_MESSAGES } from '../../shared/posts/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { deleteOrphanMedia } from '../media/delete-media.js';
import { getPostRowForUser } from './get-post.js';
import { allMediaIdsOf } from './post-dto.js';
import { deleteGroupIfEmpty } from './post-groups.repository.js';
import { deletePostRow, listPostMediaIds } from './posts.repository.js';

/** Deletes the post and its media files, except files another post still uses. */
export async function deletePost(
  deps: AppDeps,
  userId: string,
  postId: string,
): Promise<{ message: string }> {
  const row = await getPostRowForUser(deps, userId, postId);
  if (row.status === 'publishing') throw new AppError('conflict', POST_MESSAGES.beingPublished);
  const mediaIds = [...new Set([...allMediaIdsOf(row), ...(await listPostMediaIds(deps.db, postId))])];
  // post_media rows go with the post (ON DELETE CASCADE); then the files nobody else uses.
  await deletePostRow(deps.db, userId, postId);
  // "This account only": the group goes with its last post.
  if (row.groupId) await deleteGroupIfEmpty(deps.db, userId, row.groupId);
  await deleteOrphanMedia(deps, userId, mediaIds);
  deps.events.publish(userId, { type: 'post.deleted', postId });
  return { message: deletedPostMessage(row.isDraft === 1) };
}
