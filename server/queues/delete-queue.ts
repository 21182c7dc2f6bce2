import { QUEUE_MESSAGES } from '../../shared/queues/api.js';
import type { AppDeps } from '../http/types.js';
import { deleteOrphanMedia } from '../media/delete-media.js';
import { getQueueRowForUser } from './list-queues.js';
import { deleteQueueRow, listItemMediaIds, listItemsOfQueues } from './queues.repository.js';

/**
 * Deletes the queue and its items (ON DELETE CASCADE), then the items' files that no post or
 * other item uses. Posts the queue already created stay: they are ordinary posts.
 */
export async function deleteQueue(
  deps: AppDeps,
  userId: string,
  queueId: string,
): Promise<{ message: string }> {
  const queue = await getQueueRowForUser(deps, userId, queueId);
  const items = await listItemsOfQueues(deps.db, userId, [queue.id]);
  const mediaIds = await listItemMediaIds(
    deps.db,
    items.map((item) => item.id),
  );
  await deleteQueueRow(deps.db, userId, queue.id);
  await deleteOrphanMedia(deps, userId, mediaIds);
  return { message: QUEUE_MESSAGES.queueDeleted };
}
