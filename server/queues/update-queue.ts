import type { Updateable } from 'kysely';
import { QUEUE_MESSAGES, type QueueDto, type UpdateQueueInput } from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import type { QueuesTable } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { getQueue } from './list-queues.js';
import { HOUR_MS } from './queue-plan.js';
import { findQueueForUser, listItemsOfQueues, updateQueueRow } from './queues.repository.js';

/**
 * Edits the queue's fields and plays or pauses it. Pausing keeps the next run and the item
 * order, so resuming continues with the same item: at the planned time, or now if that passed.
 * Read and write share a transaction, so a run in between cannot be undone by a stale next_run.
 */
export async function updateQueue(
  deps: AppDeps,
  userId: string,
  queueId: string,
  input: UpdateQueueInput,
  now = Date.now(),
): Promise<QueueDto> {
  await deps.db.transaction().execute(async (trx) => {
    const queue = await findQueueForUser(trx, userId, queueId);
    if (!queue) throw new AppError('not_found', QUEUE_MESSAGES.queueNotFound);
    const changes: Updateable<QueuesTable> = { updatedAt: now };
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description ?? '';
    const isRepeatable = input.isRepeatable ?? queue.isRepeatable === 1;
    if (input.isRepeatable !== undefined) changes.isRepeatable = isRepeatable ? 1 : 0;

    if (input.intervalHours !== undefined && input.intervalHours !== queue.intervalHours) {
      changes.intervalHours = input.intervalHours;
      // The rhythm follows the new interval from the last run (never into the past).
      if (queue.lastRunAt !== null && queue.nextRun !== null) {
        changes.nextRun = Math.max(now, queue.lastRunAt + input.intervalHours * HOUR_MS);
      }
    }
    if (input.isActive === true && queue.isActive === 0) {
      const items = await listItemsOfQueues(trx, userId, [queue.id]);
      if (!isRepeatable && items.length > 0 && items.every((item) => item.runCount > 0)) {
        throw new AppError('conflict', QUEUE_MESSAGES.finished);
      }
      changes.isActive = 1;
      changes.nextRun = Math.max(changes.nextRun ?? queue.nextRun ?? now, now);
      changes.pausedReason = null;
    } else if (input.isActive === false) {
      changes.isActive = 0;
      changes.pausedReason = null;
    }
    await updateQueueRow(trx, userId, queue.id, changes);
  });
  return getQueue(deps, userId, queueId);
}
