import { QUEUE_MESSAGES, type QueueDto } from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { deleteOrphanMedia } from '../media/delete-media.js';
import { allMediaIdsOf } from '../posts/post-dto.js';
import { getQueue, getQueueRowForUser } from './list-queues.js';
import { deleteItemRow, findItemForUser } from './queues.repository.js';

/** Removes an item and its files (unless a post or another item uses them). Posts it created stay. */
export async function deleteQueueItem(
  deps: AppDeps,
  userId: string,
  queueId: string,
  itemId: string,
): Promise<QueueDto> {
  const queue = await getQueueRowForUser(deps, userId, queueId);
  const item = await findItemForUser(deps.db, userId, queue.id, itemId);
  if (!item) throw new AppError('not_found', QUEUE_MESSAGES.itemNotFound);
  await deleteItemRow(deps.db, userId, item.id);
  await deleteOrphanMedia(deps, userId, allMediaIdsOf(item));
  return getQueue(deps, userId, queue.id);
}
