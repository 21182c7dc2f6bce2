import { QUEUE_LIMITS, QUEUE_MESSAGES, type QueueDto, type QueueItemInput } from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import type { AppDeps } from '../http/types.js';
import { type PreparedPost, preparePost } from '../posts/prepare-post.js';
import { getQueue, getQueueRowForUser } from './list-queues.js';
import { firstRunAfter } from './queue-rhythm.js';
import { insertItem, listItemsOfQueues, lockQueueForUser, setItemMedia } from './queues.repository.js';

/** What an item keeps of a checked post (preparePost's, or one version of a group). */
type QueueItemPost = Pick<
  PreparedPost,
  'account' | 'platform' | 'postType' | 'content' | 'media' | 'tweets' | 'metadata' | 'allMediaIds'
>;

/** The post columns of an item, from a post checked by preparePost. */
export function itemColumns(prepared: QueueItemPost) {
  return {
    socialAccountId: prepared.account.id,
    platform: prepared.platform,
    postType: prepared.postType,
    content: prepared.content,
    media: JSON.stringify(prepared.media),
    tweets: prepared.tweets ? JSON.stringify(prepared.tweets) : null,
    metadata: JSON.stringify(prepared.metadata),
  };
}

/**
 * Adds a post for one account at the end of the queue. It is checked like a post to be
 * scheduled (the composer's shared rules, media and account owned by the user), because a run
 * will publish it as it is. It never goes out at the moment it is added: runs happen at the
 * queue's run times (or at "Post next item now").
 */
export async function addQueueItem(
  deps: AppDeps,
  userId: string,
  queueId: string,
  input: QueueItemInput,
  now = Date.now(),
): Promise<{ queue: QueueDto; itemId: string }> {
  await getQueueRowForUser(deps, userId, queueId);
  const prepared = await preparePost(deps, userId, input, 'schedule');
  const [id] = await deps.db
    .transaction()
    .execute((trx) => appendQueueItems(trx, { userId, queueId, items: [prepared], now }));
  return { queue: await getQueue(deps, userId, queueId), itemId: id! };
}

/**
 * Appends checked posts at the end of a queue inside the caller's transaction (one item from the
 * queue page, many from a bulk import): the queue locked, its item limit kept, positions in order.
 * Answers the new items' ids.
 */
export async function appendQueueItems(
  trx: Db,
  input: { userId: string; queueId: string; items: readonly QueueItemPost[]; now: number },
): Promise<string[]> {
  const { userId, now } = input;
  // Locked: the item limit and the next position are read and taken by one request at a time.
  const queue = await lockQueueForUser(trx, userId, input.queueId);
  if (!queue) throw new AppError('not_found', QUEUE_MESSAGES.queueNotFound);
  const items = await listItemsOfQueues(trx, userId, [queue.id]);
  if (items.length + input.items.length > QUEUE_LIMITS.itemsPerQueue)
    throw new AppError('conflict', QUEUE_MESSAGES.tooManyItems);
  let position = Math.max(-1, ...items.map((item) => item.position));
  const ids: string[] = [];
  for (const prepared of input.items) {
    const id = newId();
    position += 1;
    await insertItem(trx, {
      id,
      queueId: queue.id,
      userId,
      ...itemColumns(prepared),
      position,
      runCount: 0,
      lastRunAt: null,
      lastPostId: null,
      lastSkipReason: null,
      lastSkippedAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await setItemMedia(trx, id, prepared.allMediaIds);
    ids.push(id);
  }
  // The first item of an active queue waits for the next run time, which the user saw before
  // adding it; one whose planned run passed while the queue was empty takes the next one.
  if (items.length === 0 && queue.isActive === 1 && queue.nextRun !== null && queue.nextRun <= now) {
    const nextRun = await firstRunAfter(trx, queue, now);
    await trx
      .updateTable('queues')
      .set({ nextRun, updatedAt: now })
      .where('id', '=', queue.id)
      .where('userId', '=', userId)
      .where('nextRun', '=', queue.nextRun)
      .execute();
  }
  return ids;
}
