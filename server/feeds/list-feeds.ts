import { FEED_MESSAGES, type FeedDto, type FeedListDto } from '../../shared/feeds/api.js';
import { SANDBOX_EXAMPLE_FEEDS } from '../../shared/platforms/sandbox-contract.js';
import { AppError } from '../core/errors.js';
import type { FeedRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { sandboxBaseUrl } from '../platforms/platform-endpoints.js';
import { toFeedDto } from './feed-dto.js';
import { findFeedOfUser, listFeedsOfUser } from './feeds.repository.js';

/** The user's feeds, oldest first, and the sandbox's example feed when there is a sandbox. */
export async function listFeeds(deps: AppDeps, userId: string): Promise<FeedListDto> {
  const rows = await listFeedsOfUser(deps.db, userId);
  return { feeds: rows.map(toFeedDto), exampleFeedUrl: exampleFeedUrl(deps) };
}

/**
 * The sandbox's example feed, with a sandbox (demo mode or SANDBOX_URL): feeds may read that one
 * origin although it is usually on loopback (feed-address-policy.ts).
 */
function exampleFeedUrl(deps: AppDeps): string | null {
  if (!deps.config.DEMO_MODE && !deps.config.SANDBOX_URL) return null;
  return `${sandboxBaseUrl(deps.config)}${SANDBOX_EXAMPLE_FEEDS.rss}`;
}

/** The user's feed row, or 404 'Feed not found' (another user's feed looks missing). */
export async function getFeedRowForUser(deps: AppDeps, userId: string, feedId: string): Promise<FeedRow> {
  const feed = await findFeedOfUser(deps.db, userId, feedId);
  if (!feed) throw new AppError('not_found', FEED_MESSAGES.feedNotFound);
  return feed;
}

export async function getFeed(deps: AppDeps, userId: string, feedId: string): Promise<FeedDto> {
  return toFeedDto(await getFeedRowForUser(deps, userId, feedId));
}
