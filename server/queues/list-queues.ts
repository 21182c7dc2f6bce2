import { QUEUE_MESSAGES, type QueueDto } from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import type { QueueRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { toQueueDtos } from './queue-dto.js';
import { findQueueForUser, listItemsOfQueues, listQueuesForUser } from './queues.repository.js';

/** The user's queues with their items, newest first. */
export async function listQueues(deps: AppDeps, userId: string): Promise<QueueDto[]> {
  const queues = await listQueuesForUser(deps.db, userId);
  const items = await listItemsOfQueues(
    deps.db,
    userId,
    queues.map((queue) => queue.id),
  );
  return toQueueDtos(deps.db, userId, queues, items);
}

/** The user's queue row, or 404 'Queue not found' (another user's queue looks missing). */
export async function getQueueRowForUser(deps: AppDeps, userId: string, queueId: string): Promise<QueueRow> {
  const queue = await findQueueForUser(deps.db, userId, queueId);
  if (!queue) throw new AppError('not_found', QUEUE_MESSAGES.queueNotFound);
  return queue;
}

export async function getQueue(deps: AppDeps, userId: string, queueId: string): Promise<QueueDto> {
  const queue = await getQueueRowForUser(deps, userId, queueId);
  const items = await listItemsOfQueues(deps.db, userId, [queue.id]);
  const [dto] = await toQueueDtos(deps.db, userId, [queue], items);
  return dto!;
}
