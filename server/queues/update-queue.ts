import type { Updateable } from 'kysely';
import {
  QUEUE_MESSAGES,
  type QueueDto,
  type QueueRunMode,
  rhythmProblem,
  type UpdateQueueInput,
} from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import type { QueuesTable } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { assertScheduleAccount } from './create-queue.js';
import { getQueue } from './list-queues.js';
import { firstRunAfter, runDaysOf, runTimesOf } from './queue-rhythm.js';
import { listItemsOfQueues, lockQueueForUser, updateQueueRow } from './queues.repository.js';

/**
 * Edits the queue's fields and plays or pauses it. Pausing keeps the next run and the item
 * order. A new rhythm (interval, times, days, whose posting times) plans the next run from it;
 * resuming keeps a planned run still ahead, or takes the rhythm's next time: nothing goes out
 * at the moment of the click. Read and write share a transaction with the queue locked, so a run
 * or another edit in between cannot be undone by a stale next_run or rhythm.
 */
export async function updateQueue(
  deps: AppDeps,
  userId: string,
  queueId: string,
  input: UpdateQueueInput,
  now = Date.now(),
): Promise<QueueDto> {
  await deps.db.transaction().execute(async (trx) => {
    const queue = await lockQueueForUser(trx, userId, queueId);
    if (!queue) throw new AppError('not_found', QUEUE_MESSAGES.queueNotFound);
    const changes: Updateable<QueuesTable> = { updatedAt: now };
    if (input.name !== undefined) changes.name = input.name;
    if (input.description !== undefined) changes.description = input.description ?? '';
    const isRepeatable = input.isRepeatable ?? queue.isRepeatable === 1;
    if (input.isRepeatable !== undefined) changes.isRepeatable = isRepeatable ? 1 : 0;

    const runMode = (input.runMode ?? queue.runMode) as QueueRunMode;
    const runTimes = input.runTimes ?? runTimesOf(queue);
    const runDays = input.runDays ?? runDaysOf(queue);
    const problem = rhythmProblem({ runMode, runTimes, runDays });
    if (problem) throw new AppError('validation_error', problem.message, { field: problem.field });
    const scheduleAccountId =
      runMode === 'schedule'
        ? input.scheduleAccountId !== undefined
          ? input.scheduleAccountId
          : queue.scheduleAccountId
        : null;
    if (scheduleAccountId !== queue.scheduleAccountId) {
      await assertScheduleAccount(trx, userId, scheduleAccountId);
    }
    const rhythm = {
      userId,
      intervalHours: input.intervalHours ?? queue.intervalHours,
      runMode,
      runTimes: JSON.stringify(runTimes),
      runDays: JSON.stringify(runDays),
      scheduleAccountId,
    };
    const rhythmChanged =
      rhythm.intervalHours !== queue.intervalHours ||
      rhythm.runMode !== queue.runMode ||
      rhythm.runTimes !== JSON.stringify(runTimesOf(queue)) ||
      rhythm.runDays !== JSON.stringify(runDaysOf(queue)) ||
      rhythm.scheduleAccountId !== queue.scheduleAccountId;
    const planned = { ...queue, ...rhythm };
    if (rhythmChanged) {
      Object.assign(changes, rhythm);
      // A finished one-time queue stays finished (next_run null) until it is resumed.
      if (queue.nextRun !== null || queue.isActive === 1) {
        changes.nextRun = await firstRunAfter(trx, planned, now);
        if (changes.nextRun === null) throw new AppError('validation_error', QUEUE_MESSAGES.noPostingTimes);
      }
    }

    if (input.isActive === true && queue.isActive === 0) {
      const items = await listItemsOfQueues(trx, userId, [queue.id]);
      if (!isRepeatable && items.length > 0 && items.every((item) => item.runCount > 0)) {
        throw new AppError('conflict', QUEUE_MESSAGES.finished);
      }
      changes.isActive = 1;
      const kept = changes.nextRun !== undefined ? changes.nextRun : queue.nextRun;
      changes.nextRun = kept !== null && kept > now ? kept : await firstRunAfter(trx, planned, now);
      changes.pausedReason = null;
    } else if (input.isActive === false) {
      changes.isActive = 0;
      changes.pausedReason = null;
    }
    await updateQueueRow(trx, userId, queue.id, changes);
  });
  return getQueue(deps, userId, queueId);
}
