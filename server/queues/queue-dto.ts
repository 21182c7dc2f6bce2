import type { PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import type { MediaDto } from '../../shared/posts/api.js';
import {
  QUEUE_SKIP_REASONS,
  type QueueDto,
  type QueueItemDto,
  type QueueItemLastPost,
  type QueueStatus,
} from '../../shared/queues/api.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { QueueItemRow, QueueRow } from '../db/schema.js';
import { toMediaDto } from '../media/media-dto.js';
import { allMediaIdsOf, postMediaIds, postTweets } from '../posts/post-dto.js';
import { candidateOrder } from './queue-plan.js';
import { runDaysOf, runTimesOf } from './queue-rhythm.js';

function iso(value: number | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

function queueStatus(queue: Pick<QueueRow, 'isActive' | 'isRepeatable' | 'nextRun'>): QueueStatus {
  if (queue.isActive === 1) return 'active';
  return queue.isRepeatable === 0 && queue.nextRun === null ? 'finished' : 'paused';
}

function skipMessage(reason: string | null, platform: string): string | null {
  if (reason === 'disconnected') return QUEUE_SKIP_REASONS.disconnected;
  if (reason === 'reconnect') return QUEUE_SKIP_REASONS.reconnect;
  if (reason === 'duplicate') {
    const name = (() => {
      try {
        return getPlatform(platform as PlatformId).displayName;
      } catch {
        return platform;
      }
    })();
    return QUEUE_SKIP_REASONS.duplicate(name);
  }
  return null;
}

/** The wire shape of the user's queues with their items: four queries in all, whatever the count. */
export async function toQueueDtos(
  db: Db,
  userId: string,
  queues: readonly QueueRow[],
  items: readonly QueueItemRow[],
): Promise<QueueDto[]> {
  const mediaIds = [...new Set(items.flatMap((item) => allMediaIdsOf(item)))];
  const accountIds = [
    ...new Set(items.flatMap((item) => (item.socialAccountId ? [item.socialAccountId] : []))),
  ];
  const postIds = [...new Set(items.flatMap((item) => (item.lastPostId ? [item.lastPostId] : [])))];
  const [mediaRows, accounts, posts] = await Promise.all([
    mediaIds.length > 0
      ? db.selectFrom('media').selectAll().where('userId', '=', userId).where('id', 'in', mediaIds).execute()
      : Promise.resolve([]),
    accountIds.length > 0
      ? db
          .selectFrom('socialAccounts')
          .select(['id', 'platform', 'accountName', 'accountHandle', 'avatarUrl', 'status'])
          .where('userId', '=', userId)
          .where('id', 'in', accountIds)
          .execute()
      : Promise.resolve([]),
    postIds.length > 0
      ? db
          .selectFrom('scheduledPosts')
          .select(['id', 'status', 'scheduledAt', 'postedAt', 'platformPostUrl', 'errorMessage'])
          .where('userId', '=', userId)
          .where('id', 'in', postIds)
          .execute()
      : Promise.resolve([]),
  ]);
  const mediaById = new Map(mediaRows.map((row) => [row.id, toMediaDto(row)]));
  const accountById = new Map(accounts.map((row) => [row.id, row]));
  const postById = new Map(posts.map((row) => [row.id, row]));
  const mediaOf = (ids: readonly string[]): MediaDto[] =>
    ids.flatMap((id) => {
      const media = mediaById.get(id);
      return media ? [media] : [];
    });

  return queues.map((queue) => {
    const own = items.filter((item) => item.queueId === queue.id);
    const [next] = candidateOrder(queue.isRepeatable === 1, own);
    const isFinished = queueStatus(queue) === 'finished';
    return {
      id: queue.id,
      name: queue.name,
      description: queue.description,
      isRepeatable: queue.isRepeatable === 1,
      intervalHours: queue.intervalHours,
      runMode: queue.runMode,
      runTimes: runTimesOf(queue),
      runDays: runDaysOf(queue),
      scheduleAccountId: queue.scheduleAccountId,
      isActive: queue.isActive === 1,
      status: queueStatus(queue),
      pausedReason: queue.isActive === 1 ? null : queue.pausedReason,
      nextRun: iso(queue.nextRun),
      lastRunAt: iso(queue.lastRunAt),
      createdAt: new Date(queue.createdAt).toISOString(),
      updatedAt: new Date(queue.updatedAt).toISOString(),
      items: own.map((item, index): QueueItemDto => {
        const account = item.socialAccountId ? accountById.get(item.socialAccountId) : undefined;
        const post = item.lastPostId ? postById.get(item.lastPostId) : undefined;
        const lastPost: QueueItemLastPost | null = post
          ? {
              id: post.id,
              status: post.status,
              scheduledAt: iso(post.scheduledAt),
              postedAt: iso(post.postedAt),
              url: post.platformPostUrl,
              errorMessage: post.errorMessage,
            }
          : null;
        const tweets = postTweets(item);
        return {
          id: item.id,
          queueId: item.queueId,
          socialAccountId: account ? item.socialAccountId : null,
          platform: item.platform as PlatformId,
          postType: item.postType,
          content: item.content,
          media: mediaOf(postMediaIds(item)),
          tweets: tweets
            ? tweets.map((tweet) => ({ content: tweet.content, media: mediaOf(tweet.media) }))
            : null,
          metadata: parseJsonColumn<Record<string, unknown>>(item.metadata, {}),
          position: item.position,
          account: account
            ? {
                id: account.id,
                platform: account.platform as PlatformId,
                accountName: account.accountName,
                accountHandle: account.accountHandle,
                avatarUrl: account.avatarUrl,
              }
            : null,
          accountStatus: account ? account.status : 'disconnected',
          runCount: item.runCount,
          lastRunAt: iso(item.lastRunAt),
          lastPost,
          skippedAt: iso(item.lastSkippedAt),
          skipReason: skipMessage(item.lastSkipReason, item.platform),
          isNext: !isFinished && next === index,
          isDone: queue.isRepeatable === 0 && item.runCount > 0,
          createdAt: new Date(item.createdAt).toISOString(),
          updatedAt: new Date(item.updatedAt).toISOString(),
        };
      }),
    };
  });
}
