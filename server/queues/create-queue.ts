import {
  type CreateQueueInput,
  QUEUE_LIMITS,
  QUEUE_MESSAGES,
  type QueueDto,
} from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import { getQueue } from './list-queues.js';
import { countQueuesForUser, insertQueue } from './queues.repository.js';

/** A new queue starts active with its first run due now (spec 02 section 4). */
export async function createQueue(
  deps: AppDeps,
  userId: string,
  input: CreateQueueInput,
  now = Date.now(),
): Promise<QueueDto> {
  if ((await countQueuesForUser(deps.db, userId)) >= QUEUE_LIMITS.queuesPerUser) {
    throw new AppError('conflict', QUEUE_MESSAGES.tooManyQueues);
  }
  const id = newId();
  await insertQueue(deps.db, {
    id,
    userId,
    name: input.name,
    description: input.description,
    isRepeatable: input.isRepeatable ? 1 : 0,
    intervalHours: input.intervalHours,
    isActive: 1,
    nextRun: now,
    lastRunAt: null,
    createdAt: now,
    updatedAt: now,
  });
  return getQueue(deps, userId, id);
}
