import {
  type CreateFeedInput,
  FEED_LIMITS,
  FEED_MESSAGES,
  type FeedDto,
  type FeedTarget,
} from '../../shared/feeds/api.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import { getQueueRowForUser } from '../queues/list-queues.js';
import { feedAddressPolicy } from './feed-address-policy.js';
import { toFeedDto } from './feed-dto.js';
import { countFeedsOfUser, insertFeed, listFeedsOfUser } from './feeds.repository.js';
import { FeedFetchError, fetchFeed } from './fetch-feed.js';
import { parseFeedDocument } from './parse-feed.js';

/** Every id is one of the user's connected accounts, or 404 'Account not found'. */
export async function assertOwnAccounts(deps: AppDeps, userId: string, accountIds: string[]) {
  const rows = await deps.db
    .selectFrom('socialAccounts')
    .select('id')
    .where('userId', '=', userId)
    .where('id', 'in', accountIds)
    .execute();
  if (rows.length !== new Set(accountIds).size)
    throw new AppError('not_found', FEED_MESSAGES.accountNotFound, { field: 'accountIds' });
}

/** One feed per address and destination: 409 with the add form's message otherwise. */
export async function assertNotDuplicate(
  deps: AppDeps,
  userId: string,
  feed: { url: string; target: FeedTarget; queueId: string | null },
  exceptFeedId?: string,
) {
  const existing = await listFeedsOfUser(deps.db, userId);
  const same = existing.some(
    (other) =>
      other.id !== exceptFeedId &&
      other.url === feed.url &&
      other.target === feed.target &&
      other.queueId === feed.queueId,
  );
  if (same) {
    const message = feed.target === 'queue' ? FEED_MESSAGES.duplicateFeed : FEED_MESSAGES.duplicateDraftsFeed;
    throw new AppError('conflict', message, { field: 'url' });
  }
}

/**
 * Reads an address once through the feeds' guard and answers the feed's title; an address that
 * is not a feed, answers an error or points to a private network is refused with the reason.
 */
export async function readFeedTitle(deps: AppDeps, url: string): Promise<string> {
  try {
    const fetched = await fetchFeed(deps, url, undefined, { isRefused: feedAddressPolicy(deps.config) });
    if (fetched.notModified) throw new FeedFetchError(FEED_MESSAGES.notAFeed);
    return (await parseFeedDocument(fetched.body)).title;
  } catch (error) {
    if (error instanceof FeedFetchError)
      throw new AppError('validation_error', error.message, { field: 'url' });
    throw error;
  }
}

/**
 * Adds a feed after reading it once: an address that is not a feed, answers an error or points
 * to a private network is refused with the reason. Nothing is taken yet: the first check (the
 * timed job, or "Check now") takes the newest items.
 */
export async function createFeed(
  deps: AppDeps,
  userId: string,
  input: CreateFeedInput,
  now = Date.now(),
): Promise<FeedDto> {
  const queueId = input.target === 'queue' ? input.queueId : null;
  if (queueId) await getQueueRowForUser(deps, userId, queueId);
  await assertOwnAccounts(deps, userId, input.accountIds);
  if ((await countFeedsOfUser(deps.db, userId)) >= FEED_LIMITS.feedsPerUser)
    throw new AppError('conflict', FEED_MESSAGES.tooManyFeeds);
  await assertNotDuplicate(deps, userId, { url: input.url, target: input.target, queueId });
  const title = await readFeedTitle(deps, input.url);
  const row = {
    id: newId(),
    userId,
    url: input.url,
    title,
    target: input.target,
    queueId,
    accountIds: JSON.stringify(input.accountIds),
    template: input.template,
    takeImage: input.takeImage ? 1 : 0,
    etag: null,
    lastModified: null,
    status: 'active' as const,
    pausedReason: null,
    consecutiveFailures: 0,
    lastCheckedAt: null,
    lastSuccessAt: null,
    lastError: null,
    lastItemProblem: null,
    itemsTaken: 0,
    checkingUntil: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertFeed(deps.db, row);
  return toFeedDto(row);
}
