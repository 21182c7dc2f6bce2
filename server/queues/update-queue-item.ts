import { QUEUE_MESSAGES, type QueueDto, type UpdateQueueItemInput } from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { AppDeps } from '../http/types.js';
import { deleteOrphanMedia } from '../media/delete-media.js';
import { allMediaIdsOf, postMediaIds, postTweets } from '../posts/post-dto.js';
import { preparePost } from '../posts/prepare-post.js';
import { itemColumns } from './add-queue-item.js';
import { getQueue, getQueueRowForUser } from './list-queues.js';
import { findItemForUser, setItemMedia, updateItemRow } from './queues.repository.js';

/**
 * Edits an item in place (same row, same place in the queue). What is not sent is kept; the
 * whole item is then checked again with the composer's rules. Choosing an account again clears
 * a "skipped: disconnected" mark. Files the item no longer uses are deleted unless used elsewhere.
 */
export async function updateQueueItem(
  deps: AppDeps,
  userId: string,
  queueId: string,
  itemId: string,
  input: UpdateQueueItemInput,
  now = Date.now(),
): Promise<QueueDto> {
  const queue = await getQueueRowForUser(deps, userId, queueId);
  const item = await findItemForUser(deps.db, userId, queue.id, itemId);
  if (!item) throw new AppError('not_found', QUEUE_MESSAGES.itemNotFound);
  const prepared = await preparePost(
    deps,
    userId,
    {
      socialAccountId: input.socialAccountId ?? item.socialAccountId ?? '',
      // Another account may be another platform: its default type unless one is sent.
      postType:
        input.postType ??
        (input.socialAccountId && input.socialAccountId !== item.socialAccountId ? undefined : item.postType),
      content: input.content ?? item.content,
      media: input.media ?? postMediaIds(item),
      tweets: input.tweets !== undefined ? input.tweets : postTweets(item),
      metadata: input.metadata ?? parseJsonColumn<Record<string, unknown>>(item.metadata, {}),
    },
    'schedule',
  );
  const accountChanged = prepared.account.id !== item.socialAccountId;
  await deps.db.transaction().execute(async (trx) => {
    await updateItemRow(trx, userId, item.id, {
      ...itemColumns(prepared),
      ...(accountChanged ? { lastSkipReason: null, lastSkippedAt: null } : {}),
      updatedAt: now,
    });
    await setItemMedia(trx, item.id, prepared.allMediaIds);
  });
  const kept = new Set(prepared.allMediaIds);
  await deleteOrphanMedia(
    deps,
    userId,
    allMediaIdsOf(item).filter((id) => !kept.has(id)),
  );
  return getQueue(deps, userId, queue.id);
}
