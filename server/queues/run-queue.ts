import { sql } from 'kysely';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import type { QueueItemRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { createNotification } from '../notifications/create-notification.js';
import { getPostForUser } from '../posts/get-post.js';
import { allMediaIdsOf, parseJson, postMediaIds } from '../posts/post-dto.js';
import { insertPost, setPostMedia } from '../posts/posts.repository.js';
import {
  DUPLICATE_WINDOW_MS,
  type PlanItem,
  planRun,
  refusesDuplicateText,
  type SkipKind,
} from './queue-plan.js';
import { listItemsOfQueues, updateItemRow } from './queues.repository.js';

export interface QueueRunOutcome {
  userId: string;
  queueId: string;
  /** The scheduled post this run created, if an item went out. */
  postId: string | null;
}

interface SkipNotice {
  kind: SkipKind;
  item: QueueItemRow;
}

/**
 * Runs one due queue: claims the run and creates its post in ONE transaction, so a run either
 * happened (next_run moved on, the item's post exists) or did not (still due). The post is an
 * ordinary `scheduled` post due at the run time; the publishing engine publishes it with its
 * retries, notifications and crash recovery, exactly as any scheduled post.
 */
export async function runQueue(
  deps: AppDeps,
  queueId: string,
  now = Date.now(),
): Promise<QueueRunOutcome | null> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const queue = await trx
      .selectFrom('queues')
      .selectAll()
      .where('id', '=', queueId)
      .where('isActive', '=', 1)
      .where('nextRun', '<=', now)
      .executeTakeFirst();
    if (!queue || queue.nextRun === null) return null;
    const items = await listItemsOfQueues(trx, queue.userId, [queue.id]);
    if (items.length === 0) return null;

    const facts = await planFacts(
      trx,
      queue.userId,
      items,
      Math.min(queue.nextRun, now) - DUPLICATE_WINDOW_MS,
    );
    const plan = planRun(
      { isRepeatable: queue.isRepeatable === 1, intervalHours: queue.intervalHours, nextRun: queue.nextRun },
      facts,
      now,
    );
    // The claim: only the worker that moves next_run from the value it read owns this run.
    const claimed = await trx
      .updateTable('queues')
      .set({
        nextRun: plan.nextRun,
        isActive: plan.finished ? 0 : 1,
        lastRunAt: plan.runAt,
        updatedAt: now,
      })
      .where('id', '=', queue.id)
      .where('isActive', '=', 1)
      .where('nextRun', '=', queue.nextRun)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return null;

    const notices: SkipNotice[] = [];
    for (const skip of plan.skipped) {
      const item = items[skip.index]!;
      await updateItemRow(trx, queue.userId, item.id, {
        lastSkipReason: skip.kind,
        lastSkippedAt: now,
        updatedAt: now,
      });
      if (skip.notify) notices.push({ kind: skip.kind, item });
    }

    let postId: string | null = null;
    if (plan.chosen) {
      const item = items[plan.chosen.index]!;
      postId = newId();
      await insertPost(trx, {
        id: postId,
        userId: queue.userId,
        socialAccountId: item.socialAccountId,
        platform: item.platform,
        content: item.content,
        status: 'scheduled',
        isDraft: 0,
        scheduledAt: plan.chosen.publishAt,
        postType: item.postType,
        media: item.media,
        tweets: item.tweets,
        metadata: JSON.stringify({
          ...parseJson<Record<string, unknown>>(item.metadata, {}),
          scheduled_by: 'queue',
          queue_id: queue.id,
          queue_item_id: item.id,
        }),
        createdAt: now,
        updatedAt: now,
      });
      await setPostMedia(trx, postId, allMediaIdsOf(item));
      // The item sent moves to the end: the first item is always the next one.
      await updateItemRow(trx, queue.userId, item.id, {
        runCount: item.runCount + 1,
        lastRunAt: plan.chosen.publishAt,
        lastPostId: postId,
        lastSkipReason: null,
        lastSkippedAt: null,
        position: Math.max(...items.map((i) => i.position)) + 1,
        updatedAt: now,
      });
    }
    return { queue, postId, notices };
  });
  if (!result) return null;

  const { queue, postId, notices } = result;
  for (const notice of notices) await notifySkipped(deps, queue, notice);
  if (postId) {
    deps.events.publish(queue.userId, {
      type: 'post.inserted',
      post: await getPostForUser(deps, queue.userId, postId),
    });
  }
  return { userId: queue.userId, queueId: queue.id, postId };
}

/** Each item's account state and, where the platform refuses repeats, when its text last went out. */
async function planFacts(
  db: Db,
  userId: string,
  items: readonly QueueItemRow[],
  since: number,
): Promise<PlanItem[]> {
  const accountIds = [
    ...new Set(items.flatMap((item) => (item.socialAccountId ? [item.socialAccountId] : []))),
  ];
  const accounts =
    accountIds.length > 0
      ? await db
          .selectFrom('socialAccounts')
          .select(['id', 'status'])
          .where('userId', '=', userId)
          .where('id', 'in', accountIds)
          .execute()
      : [];
  const statusOf = new Map(accounts.map((account) => [account.id, account.status]));
  const watched = items.filter(
    (item) => item.socialAccountId && refusesDuplicateText(item.platform, postMediaIds(item).length > 0),
  );
  // Scheduled and in-flight posts count too: the platform sees them at their own time.
  const recent =
    watched.length > 0
      ? await db
          .selectFrom('scheduledPosts')
          .select(['socialAccountId', 'content', sql<number>`coalesce(posted_at, scheduled_at)`.as('at')])
          .where('userId', '=', userId)
          .where('socialAccountId', 'in', [...new Set(watched.map((item) => item.socialAccountId!))])
          .where('status', 'in', ['scheduled', 'publishing', 'posted'])
          .where(sql<number>`coalesce(posted_at, scheduled_at)`, '>', since)
          .execute()
      : [];
  const watchedIds = new Set(watched.map((item) => item.id));
  return items.map((item) => {
    const status = item.socialAccountId ? statusOf.get(item.socialAccountId) : undefined;
    let lastIdenticalAt: number | null = null;
    if (watchedIds.has(item.id)) {
      for (const post of recent) {
        if (post.socialAccountId === item.socialAccountId && post.content === item.content) {
          lastIdenticalAt = Math.max(lastIdenticalAt ?? post.at, post.at);
        }
      }
    }
    return {
      accountState: status === undefined ? 'disconnected' : status,
      runCount: item.runCount,
      lastSkipReason: item.lastSkipReason,
      lastIdenticalAt,
    };
  });
}

function platformName(platform: string): string {
  try {
    return getPlatform(platform as PlatformId).displayName;
  } catch {
    return platform;
  }
}

async function notifySkipped(
  deps: AppDeps,
  queue: { id: string; userId: string; name: string },
  notice: SkipNotice,
): Promise<void> {
  const name = platformName(notice.item.platform);
  const why =
    notice.kind === 'disconnected'
      ? `its ${name} account is disconnected. Connect the account again and choose it in the item.`
      : `its ${name} account needs to be reconnected. Reconnect it to publish this item again.`;
  await createNotification(deps, {
    userId: queue.userId,
    type: 'account',
    title: 'Queue item skipped',
    message: `An item of your queue "${queue.name}" was skipped: ${why}`,
    data: {
      queueId: queue.id,
      queueItemId: notice.item.id,
      ...(notice.item.socialAccountId ? { accountId: notice.item.socialAccountId } : {}),
      action: 'reconnect',
    },
  });
}
