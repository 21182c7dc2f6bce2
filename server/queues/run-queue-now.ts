import { QUEUE_MESSAGES, type QueueDto } from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { getQueue } from './list-queues.js';
import { runQueue } from './run-queue.js';

/**
 * "Post next item now": a run of the queue at this moment, through the same run as a due one
 * (the same item order, disconnected accounts and repeated text passed over) and then the
 * publishing engine (platform caps, retries, notifications). The planned next run stays.
 */
export async function runQueueNow(
  deps: AppDeps,
  userId: string,
  queueId: string,
  now = Date.now(),
): Promise<{ queue: QueueDto; postId: string }> {
  const outcome = await runQueue(deps, queueId, now, { manualFor: userId });
  // Null only when a due run of the same queue claimed it in between.
  if (!outcome?.postId) throw new AppError('conflict', QUEUE_MESSAGES.postNowFailed);
  deps.engine.wake();
  return { queue: await getQueue(deps, userId, queueId), postId: outcome.postId };
}
