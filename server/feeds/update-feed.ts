import {
  FEED_MESSAGES,
  type FeedCheckDto,
  type FeedDto,
  type UpdateFeedInput,
} from '../../shared/feeds/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { checkFeed } from './check-feed.js';
import { assertOwnAccounts } from './create-feed.js';
import { deleteFeedOfUser, pauseFeed, resumeFeed, updateFeedSettings } from './feeds.repository.js';
import { getFeed, getFeedRowForUser } from './list-feeds.js';

/** Edits the accounts, template or image option; the next check uses them. */
export async function updateFeed(
  deps: AppDeps,
  userId: string,
  feedId: string,
  input: UpdateFeedInput,
  now = Date.now(),
): Promise<FeedDto> {
  await getFeedRowForUser(deps, userId, feedId);
  if (input.accountIds) await assertOwnAccounts(deps, userId, input.accountIds);
  await updateFeedSettings(
    deps.db,
    userId,
    feedId,
    {
      ...(input.accountIds ? { accountIds: JSON.stringify(input.accountIds) } : {}),
      ...(input.template !== undefined ? { template: input.template } : {}),
      ...(input.takeImage !== undefined ? { takeImage: input.takeImage ? 1 : 0 } : {}),
    },
    now,
  );
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
