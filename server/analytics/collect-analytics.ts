import { setTimeout as sleep } from 'node:timers/promises';
import { isAnalyticsPlatform, POST_METRICS_MAX_AGE_DAYS } from '../../shared/analytics/api.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import {
  AccountReconnectError,
  getValidAccessToken,
  markNeedsReconnect,
  refreshAccountToken,
} from '../accounts/account-tokens.js';
import { getAccountRowById, parseMetadata } from '../accounts/accounts.repository.js';
import type { AccountMetricsDailyTable, PostMetricsTable, SocialAccountRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { PlatformError } from '../platforms/platform-error.js';
import { createPlatformHttp } from '../platforms/platform-http.js';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.js';
import { METRIC_READERS, type ReaderContext } from './metric-readers.js';
import { upsertAccountMetrics, upsertPostMetrics } from './post-metrics.repository.js';
import { canReadAnalytics } from './readable-accounts.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Attempts per platform call when it answers 429 or 5xx (or does not answer). */
const MAX_ATTEMPTS = 4;
const MAX_WAIT_MS = 30_000;
/** Accounts read at the same time, across users. */
const CONCURRENT_ACCOUNTS = 4;
/** Posts read per account and run; the rest are next in line for the following run. */
const POSTS_PER_RUN = 200;

type Deps = AppDeps;

/**
 * When a post's numbers are read again: hourly in its first 6 hours, every 6 hours until two
 * days, daily until a week, every 3 days until 30 days, then never (null).
 */
export function nextReadAt(postedAt: number, now: number): number | null {
  const age = now - postedAt;
  if (age >= POST_METRICS_MAX_AGE_DAYS * DAY) return null;
  if (age < 6 * HOUR) return now + HOUR;
  if (age < 2 * DAY) return now + 6 * HOUR;
  if (age < 7 * DAY) return now + DAY;
  return now + 3 * DAY;
}

const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

interface CollectResult {
  accounts: number;
  posts: number;
  failed: Array<{ accountId: string; platform: string; message: string }>;
}

/**
 * One collection pass: for every active account with readable analytics (of one user, or of
 * everyone), today's follower count and the numbers of its posts that are due for a read.
 * One account failing never stops the others, and a failed read never removes stored numbers.
 */
export async function collectAnalytics(
  deps: Deps,
  options: { userId?: string; now?: () => number } = {},
): Promise<CollectResult> {
  const now = options.now ?? Date.now;
  let query = deps.db.selectFrom('socialAccounts').selectAll().where('status', '=', 'active');
  if (options.userId) query = query.where('userId', '=', options.userId);
  // Accounts whose numbers the platform would refuse (LinkedIn without r_member_social) are not
  // asked at all: the page says why instead of a read failing every hour.
  const accounts = (await query.execute()).filter(
    (account) => isAnalyticsPlatform(account.platform) && canReadAnalytics(account),
  );
  const result: CollectResult = { accounts: 0, posts: 0, failed: [] };
  let next = 0;
  async function worker() {
    while (next < accounts.length) {
      const account = accounts[next++] as SocialAccountRow;
      try {
        const read = await collectAccount(deps, account, now);
        result.posts += read;
        result.accounts += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        result.failed.push({ accountId: account.id, platform: account.platform, message });
        deps.logger.warn('analytics read failed', {
          accountId: account.id,
          platform: account.platform,
          message,
        });
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_ACCOUNTS, accounts.length) }, worker));
  return result;
}

async function collectAccount(deps: Deps, account: SocialAccountRow, now: () => number): Promise<number> {
  const platform = account.platform as PlatformId;
  if (!isAnalyticsPlatform(platform)) return 0;
  const reader = METRIC_READERS[platform];
  const metadata = parseMetadata(account);
  const platformAccountId =
    (typeof metadata.pageId === 'string' && metadata.pageId) ||
    (typeof metadata.igUserId === 'string' && metadata.igUserId) ||
    (typeof metadata.threadsUserId === 'string' && metadata.threadsUserId) ||
    account.platformAccountId;
  const http = createPlatformHttp(deps.config, platform);
  const call = <T>(read: (ctx: ReaderContext) => Promise<T>) =>
    withAccess(deps, account, async (token) =>
      withRetries(() => read({ http, token, accountId: platformAccountId })),
    );

  const followers = await call((ctx) => reader.followers(ctx));
  const readAt = now();
  const accountMetrics = {
    socialAccountId: account.id,
    userId: account.userId,
    platform,
    day: utcDay(readAt),
    followers,
    readAt,
  };

  const due = await deps.db
    .selectFrom('scheduledPosts as p')
    .leftJoin('postMetrics as m', 'm.postId', 'p.id')
    .select(['p.id', 'p.platformPostId', 'p.postedAt'])
    .where('p.socialAccountId', '=', account.id)
    .where('p.userId', '=', account.userId)
    .where('p.status', '=', 'posted')
    .where('p.platformPostId', 'is not', null)
    .where('p.postedAt', '>=', readAt - POST_METRICS_MAX_AGE_DAYS * DAY)
    .where((eb) => eb.or([eb('m.postId', 'is', null), eb('m.nextReadAt', '<=', readAt)]))
    .orderBy('p.postedAt', 'desc')
    .limit(POSTS_PER_RUN)
    .execute();
  if (due.length === 0) {
    await storeMetrics(deps, accountMetrics, []);
    return 0;
  }
  // Stored now: a failed read of the posts below must not lose the day's follower count.
  await upsertAccountMetrics(deps.db, accountMetrics);
  const counts = await call((ctx) =>
    reader.posts(
      ctx,
      due.map((post) => post.platformPostId as string),
    ),
  );
  const at = now();
  const rows = due.flatMap((post) => {
    const read = counts.get(post.platformPostId as string);
    if (!read) return [];
    const postedAt = post.postedAt ?? at;
    return [
      {
        postId: post.id,
        userId: account.userId,
        socialAccountId: account.id,
        platform,
        postedAt,
        likes: read.likes,
        comments: read.comments,
        shares: read.shares,
        views: read.views,
        engagement: read.likes + read.comments + read.shares,
        readAt: at,
        nextReadAt: nextReadAt(postedAt, at),
      },
    ];
  });
  await storeMetrics(deps, accountMetrics, rows);
  return rows.length;
}

/** The numbers read, stored with the `analytics.updated` webhook that reports them. */
async function storeMetrics(
  deps: Deps,
  account: AccountMetricsDailyTable,
  posts: PostMetricsTable[],
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await upsertAccountMetrics(trx, account);
    await upsertPostMetrics(trx, posts);
    await enqueueWebhookEvent(trx, account.userId, 'analytics.updated', {
      accountId: account.socialAccountId,
      platform: account.platform,
      followers: account.followers,
      readAt: new Date(account.readAt).toISOString(),
      posts: posts.map((post) => ({
        postId: post.postId,
        likes: post.likes,
        comments: post.comments,
        shares: post.shares,
        views: post.views,
      })),
    });
  });
}

/**
 * Runs `read` with a valid token. A refused token is refreshed once and the read repeated;
 * refused again, the account is marked for reconnection as publishing does.
 */
async function withAccess<T>(
  deps: Deps,
  account: SocialAccountRow,
  read: (token: string) => Promise<T>,
): Promise<T> {
  const token = await getValidAccessToken(deps, account.id);
  try {
    return await read(token);
  } catch (error) {
    if (!(error instanceof PlatformError && error.kind === 'auth')) throw error;
    const fresh = await refreshAccountToken(deps, account.id);
    try {
      return await read(deps.cipher.decrypt(fresh.accessToken));
    } catch (second) {
      if (second instanceof PlatformError && second.kind === 'auth') {
        const row = (await getAccountRowById(deps.db, account.id)) ?? account;
        await markNeedsReconnect(deps, row, second.message);
        throw new AccountReconnectError(account.id);
      }
      throw second;
    }
  }
}

/** 429, 5xx and lost answers are tried again, after the platform's Retry-After or a doubling wait. */
async function withRetries<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      const retryable =
        error instanceof PlatformError && (error.kind === 'retryable' || error.kind === 'unknown');
      if (!retryable || attempt >= MAX_ATTEMPTS) throw error;
      const wait = error.retryAfterMs ?? 1000 * 2 ** (attempt - 1);
      await sleep(Math.min(MAX_WAIT_MS, wait));
    }
  }
}
