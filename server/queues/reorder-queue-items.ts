import { QUEUE_MESSAGES, type QueueDto, type ReorderQueueItemsInput } from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { getQueue, getQueueRowForUser } from './list-queues.js';
import { listItemsOfQueues, lockQueueForUser, updateItemRow } from './queues.repository.js';

/** Puts the items in the given order (every item exactly once); the first goes out next. */
export async function reorderQueueItems(
  deps: AppDeps,
  userId: string,
  queueId: string,
  input: ReorderQueueItemsInput,
  now = Date.now(),
): Promise<QueueDto> {
  const queue = await getQueueRowForUser(deps, userId, queueId);
  await deps.db.transaction().execute(async (trx) => {
    // Locked: an item added or sent meanwhile cannot slip between the check and the new order.
    await lockQueueForUser(trx, userId, queue.id);
    const items = await listItemsOfQueues(trx, userId, [queue.id]);
    const known = new Set(items.map((item) => item.id));
    const wanted = new Set(input.itemIds);
    if (
      wanted.size !== input.itemIds.length ||
      wanted.size !== known.size ||
      input.itemIds.some((id) => !known.has(id))
    ) {
      throw new AppError('validation_error', QUEUE_MESSAGES.orderMismatch, { field: 'itemIds' });
    }
    for (const [position, id] of input.itemIds.entries()) {
      await updateItemRow(trx, userId, id, { position, updatedAt: now });
    }
  });
  return getQueue(deps, userId, queue.id);
}
