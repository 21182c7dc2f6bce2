import {
  FEED_MESSAGES,
  type FeedCheckDto,
  type FeedDto,
  type UpdateFeedInput,
} from '../../shared/feeds/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { getQueueRowForUser } from '../queues/list-queues.js';
import { checkFeed } from './check-feed.js';
import { assertNotDuplicate, assertOwnAccounts, readFeedTitle } from './create-feed.js';
import {
  changeFeedAddress,
  deleteFeedOfUser,
  pauseFeed,
  resumeFeed,
  updateFeedSettings,
} from './feeds.repository.js';
import { getFeed, getFeedRowForUser } from './list-feeds.js';

/**
 * Edits a feed with the add form's rules: its accounts, template and image option, where it goes
 * (another queue, or drafts) and its address, which is read once like a new feed's. The next
 * check uses the new settings.
 */
export async function updateFeed(
  deps: AppDeps,
  userId: string,
  feedId: string,
  input: UpdateFeedInput,
  now = Date.now(),
): Promise<FeedDto> {
  const feed = await getFeedRowForUser(deps, userId, feedId);
  const target = input.target ?? (input.queueId ? 'queue' : feed.target);
  const queueId = target === 'drafts' ? null : (input.queueId ?? feed.queueId);
  if (target === 'queue') {
    if (!queueId) throw new AppError('validation_error', FEED_MESSAGES.queueRequired, { field: 'queueId' });
    await getQueueRowForUser(deps, userId, queueId);
  }
  if (input.accountIds) await assertOwnAccounts(deps, userId, input.accountIds);
  const url = input.url ?? feed.url;
  if (url !== feed.url || target !== feed.target || queueId !== feed.queueId) {
    await assertNotDuplicate(deps, userId, { url, target, queueId }, feed.id);
  }
  const settings = {
    target,
    queueId,
    ...(input.accountIds ? { accountIds: JSON.stringify(input.accountIds) } : {}),
    ...(input.template !== undefined ? { template: input.template } : {}),
    ...(input.takeImage !== undefined ? { takeImage: input.takeImage ? 1 : 0 } : {}),
  };
  if (url === feed.url) {
    await updateFeedSettings(deps.db, userId, feedId, settings, now);
  } else {
    const title = await readFeedTitle(deps, url);
    if (!(await changeFeedAddress(deps.db, userId, feedId, { url, title }, settings, now)))
      throw new AppError('conflict', FEED_MESSAGES.checkInProgress);
  }
  return getFeed(deps, userId, feedId);
}

/** Pause (no further checks) or resume (checks again, failures counted from zero). */
export async function setFeedActive(deps: AppDeps, userId: string, feedId: string, active: boolean) {
  await getFeedRowForUser(deps, userId, feedId);
  if (active) await resumeFeed(deps.db, userId, feedId, Date.now());
  else await pauseFeed(deps.db, userId, feedId, Date.now());
  return getFeed(deps, userId, feedId);
}

export async function deleteFeed(deps: AppDeps, userId: string, feedId: string) {
  if (!(await deleteFeedOfUser(deps.db, userId, feedId)))
    throw new AppError('not_found', FEED_MESSAGES.feedNotFound);
  return { message: FEED_MESSAGES.feedDeleted };
}

/** "Check now": one check at this moment, whatever the feed's status (a paused one stays paused). */
export async function checkFeedNow(deps: AppDeps, userId: string, feedId: string): Promise<FeedCheckDto> {
  await getFeedRowForUser(deps, userId, feedId);
  const outcome = await checkFeed(deps, feedId);
  if (outcome.status === 'busy') throw new AppError('conflict', FEED_MESSAGES.checkInProgress);
  return { feed: await getFeed(deps, userId, feedId), taken: outcome.status === 'read' ? outcome.taken : 0 };
}
