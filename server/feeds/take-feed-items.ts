import { renderFeedTemplate } from '../../shared/feeds/api.js';
import { truncateText } from '../../shared/text/truncate.js';
import { AppError } from '../core/errors.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { FeedRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { uploadFromUrl } from '../media/upload-from-url.js';
import { createPost } from '../posts/create-post.js';
import { addQueueItem } from '../queues/add-queue-item.js';
import { feedAddressPolicy } from './feed-address-policy.js';
import type { FeedItem } from './parse-feed.js';

/**
 * Turns feed items (oldest first) into queue items of the feed's queue, or drafts, for each of
 * its accounts, through the queue's and the composer's own services: the same checks, limits
 * and messages as an item or draft the user adds. An item one account refuses (too long for X,
 * Instagram without an image, a full queue) is left out for that account and its message kept
 * as the feed's last item problem; the check itself still counts as a success.
 */
export async function takeFeedItems(
  deps: AppDeps,
  feed: FeedRow,
  items: FeedItem[],
): Promise<{ taken: number; problem: string | null }> {
  const accountIds = parseJsonColumn<string[]>(feed.accountIds, []);
  let taken = 0;
  let problem: string | null = null;
  for (const item of items) {
    const label = `"${truncateText(item.title || item.url, 80, { ellipsis: '…' })}"`;
    const media: string[] = [];
    if (feed.takeImage === 1 && item.imageUrl) {
      try {
        media.push(
          (
            await uploadFromUrl(deps, feed.userId, item.imageUrl, {
              isRefused: feedAddressPolicy(deps.config),
            })
          ).id,
        );
      } catch (error) {
        problem = `${label}: the image was not taken (${messageOf(error)})`;
      }
    }
    const content = renderFeedTemplate(feed.template, item);
    let tookAny = false;
    for (const socialAccountId of accountIds) {
      const post = { socialAccountId, content, media, metadata: {} };
      try {
        if (feed.target === 'queue' && feed.queueId) {
          await addQueueItem(deps, feed.userId, feed.queueId, post);
        } else {
          await createPost(deps, feed.userId, { ...post, action: 'draft' });
        }
        tookAny = true;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problem = `${label}: ${error.message}`;
      }
    }
    if (tookAny) taken += 1;
  }
  return { taken, problem };
}

function messageOf(error: unknown): string {
  return error instanceof AppError ? error.message : 'it could not be downloaded';
}
