import { FEED_LIMITS, FEED_MESSAGES } from '../../shared/feeds/api.js';
import type { FeedRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { createNotification } from '../notifications/create-notification.js';
import { feedAddressPolicy } from './feed-address-policy.js';
import {
  claimFeedCheck,
  findClaimedFeed,
  markSeen,
  recordCheckFailure,
  recordCheckSuccess,
  releaseFeedCheck,
  seenKeys,
} from './feeds.repository.js';
import { FeedFetchError, fetchFeed } from './fetch-feed.js';
import { type FeedItem, parseFeedDocument } from './parse-feed.js';
import { takeFeedItems } from './take-feed-items.js';

/** How long one check holds its feed: the fetch, then an image download per item at most. */
const CHECK_LEASE_MS = 10 * 60_000;

export type FeedCheckOutcome =
  | { status: 'busy' }
  | { status: 'not_modified' }
  | { status: 'failed'; message: string; paused: boolean }
  | { status: 'read'; taken: number };

/**
 * One check of one feed: a conditional request, then every item none of whose keys (guid,
 * link) was seen before is new. The first check that reads the feed takes only the newest
 * FEED_LIMITS.firstCheckItems and records the rest as seen, so the archive never floods the
 * queue. New items are recorded as seen BEFORE they are taken: a crash between the two loses
 * them rather than ever taking one twice. A failure counts towards the pause; the check that
 * pauses the feed notifies its owner, once.
 */
export async function checkFeed(
  deps: AppDeps,
  feedId: string,
  options: { activeOnly?: boolean; now?: number } = {},
): Promise<FeedCheckOutcome> {
  const now = options.now ?? Date.now();
  if (!(await claimFeedCheck(deps.db, feedId, now, now + CHECK_LEASE_MS))) return { status: 'busy' };
  // Read after the claim: what an earlier check wrote (validators, first success) is current.
  const feed = await findClaimedFeed(deps.db, feedId);
  if (!feed) return { status: 'busy' };
  // The timed job listed it active; the user may have paused it since.
  if (options.activeOnly && feed.status !== 'active') {
    await releaseFeedCheck(deps.db, feedId);
    return { status: 'busy' };
  }
  let items: FeedItem[];
  try {
    const fetched = await fetchFeed(
      deps,
      feed.url,
      { etag: feed.etag, lastModified: feed.lastModified },
      { isRefused: feedAddressPolicy(deps.config) },
    );
    if (fetched.notModified) {
      await recordCheckSuccess(deps.db, feed.id, { now: Date.now(), taken: 0 });
      return { status: 'not_modified' };
    }
    items = (await parseFeedDocument(fetched.body)).items;
    const validators = { etag: fetched.etag, lastModified: fetched.lastModified };
    const taken = await takeNewItems(deps, feed, items);
    await recordCheckSuccess(deps.db, feed.id, { now: Date.now(), validators, ...taken });
    return { status: 'read', taken: taken.taken };
  } catch (error) {
    if (!(error instanceof FeedFetchError)) deps.logger.warn('feed check failed', { feedId, error });
    const message = error instanceof FeedFetchError ? error.message : FEED_MESSAGES.unreachable;
    const pausedReason = FEED_MESSAGES.pausedAfterFailures(message);
    const paused = await recordCheckFailure(deps.db, feed.id, {
      now: Date.now(),
      message,
      failuresBeforePause: FEED_LIMITS.failuresBeforePause,
      pausedReason,
    });
    if (paused) await notifyPaused(deps, feed, pausedReason);
    return { status: 'failed', message, paused };
  }
}

async function takeNewItems(deps: AppDeps, feed: FeedRow, items: FeedItem[]) {
  const seen = await seenKeys(
    deps.db,
    feed.id,
    items.flatMap((item) => item.keys),
  );
  const fresh = items.filter((item) => item.keys.every((key) => !seen.has(key)));
  const limit = feed.lastSuccessAt === null ? FEED_LIMITS.firstCheckItems : FEED_LIMITS.itemsPerCheck;
  // Items are newest first; they are taken oldest first so the queue keeps the feed's order.
  const chosen = fresh.slice(0, limit).reverse();
  const unseen = items.flatMap((item) => item.keys).filter((key) => !seen.has(key));
  await markSeen(deps.db, feed.id, unseen, Date.now());
  if (chosen.length === 0) return { taken: 0 };
  const { taken, problem } = await takeFeedItems(deps, feed, chosen);
  return { taken, itemProblem: problem };
}

async function notifyPaused(deps: AppDeps, feed: FeedRow, reason: string) {
  await createNotification(deps, {
    userId: feed.userId,
    type: 'system',
    title: FEED_MESSAGES.pausedTitle,
    message: `${feed.title || feed.url}: ${reason}`,
    data: { feedId: feed.id, queueId: feed.queueId },
  });
}
