import { sql } from 'kysely';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { getPlatform } from '../../shared/platforms/registry.js';
import { QUEUE_MESSAGES } from '../../shared/queues/api.js';
import { isRunTime, nextRunAfter } from '../../shared/queues/run-times.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { QueueItemRow, QueueRow } from '../db/schema.js';
import { sqlDialect } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';
import { createNotification } from '../notifications/create-notification.js';
import { getPostForUser } from '../posts/get-post.js';
import { allMediaIdsOf, postMediaIds } from '../posts/post-dto.js';
import { insertPost, setPostMedia } from '../posts/posts.repository.js';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.js';
import { getQueue } from './list-queues.js';
import {
  candidateOrder,
  DUPLICATE_WINDOW_MS,
  followingRun,
  type PlanItem,
  planRun,
  refusesDuplicateText,
  type SkipKind,
} from './queue-plan.js';
import { loadRhythm } from './queue-rhythm.js';
import { listItemsOfQueues, updateItemRow } from './queues.repository.js';

interface QueueRunOutcome {
  userId: string;
  queueId: string;
  /** The scheduled post this run created, if an item went out. */
  postId: string | null;
}

interface SkipNotice {
  kind: SkipKind;
  item: QueueItemRow;
}

/** The claim: only the worker that moves next_run from the value it read owns this run. */
async function claimRun(
  trx: Db,
  queue: QueueRow,
  changes: { nextRun: number | null; isActive?: number; lastRunAt?: number },
  now: number,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('queues')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', queue.id)
    .where('isActive', '=', queue.isActive)
    .where('nextRun', queue.nextRun === null ? 'is' : '=', queue.nextRun)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Runs one due queue, or, with `manualFor` (the owner's id), "Post next item now": claims the
 * run and creates its post in ONE transaction, so a run either happened (next_run moved on, the
 * item's post exists) or did not (still due). The post is an ordinary `scheduled` post due at
 * the run time; the publishing engine publishes it with its caps, retries, notifications and
 * crash recovery, exactly as any scheduled post. A due queue without items only moves on to its
 * next run time: an item added later waits for that time rather than going out at once.
 */
export async function runQueue(
  deps: AppDeps,
  queueId: string,
  now = Date.now(),
  options: { manualFor?: string } = {},
): Promise<QueueRunOutcome | null> {
  const manual = options.manualFor !== undefined;
  const result = await deps.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('queues').selectAll().where('id', '=', queueId);
    query = manual
      ? query.where('userId', '=', options.manualFor!)
      : query.where('isActive', '=', 1).where('nextRun', '<=', now);
    // Locked: an item added, reordered or edited meanwhile waits for this run, and a second
    // runner waits, then finds the run taken (claimRun) or no longer due.
    const queue = await sqlDialect(trx).lockRows(query).executeTakeFirst();
    if (!queue) {
      if (manual) throw new AppError('not_found', QUEUE_MESSAGES.queueNotFound);
      return null;
    }
    if (!manual && queue.nextRun === null) return null;
    const items = await listItemsOfQueues(trx, queue.userId, [queue.id]);
    const rhythm = await loadRhythm(trx, queue, queue.nextRun ?? queue.lastRunAt ?? queue.createdAt);
    const nextAfter = (after: number) => nextRunAfter(rhythm, after);
    if (!manual && queue.nextRun !== null) {
      // The planned time stopped being a run time (posting times or the zone changed since): no
      // run, the queue moves to its rhythm's own next time.
      if (!isRunTime(rhythm, queue.nextRun)) {
        const moved = await claimRun(trx, queue, { nextRun: nextAfter(queue.nextRun) }, now);
        return moved ? { queue, postId: null, notices: [] } : null;
      }
      if (items.length === 0) {
        const moved = await claimRun(
          trx,
          queue,
          { nextRun: followingRun(queue.nextRun, nextAfter, now) },
          now,
        );
        return moved ? { queue, postId: null, notices: [] } : null;
      }
    }
    if (manual && items.length === 0) throw new AppError('conflict', QUEUE_MESSAGES.noItemToPostNow);

    const facts = await planFacts(
      trx,
      queue.userId,
      items,
      Math.min(queue.nextRun ?? now, now) - DUPLICATE_WINDOW_MS,
    );
    const plan = planRun(
      { isRepeatable: queue.isRepeatable === 1, nextRun: queue.nextRun },
      facts,
      now,
      nextAfter,
      { manual },
    );
    if (manual && !plan.chosen) {
      const left = candidateOrder(queue.isRepeatable === 1, facts).length > 0;
      throw new AppError('conflict', left ? QUEUE_MESSAGES.nothingCanPostNow : QUEUE_MESSAGES.finished);
    }
    const claimed = await claimRun(
      trx,
      queue,
      {
        nextRun: plan.nextRun,
        isActive: plan.finished ? 0 : queue.isActive,
        lastRunAt: plan.runAt,
      },
      now,
    );
    if (!claimed) return null;

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
          ...parseJsonColumn<Record<string, unknown>>(item.metadata, {}),
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
    // A one-time queue that just sent its last item: reported with the run that emptied it.
    if (plan.finished) {
      const emptied = () => getQueue({ ...deps, db: trx }, queue.userId, queue.id);
      await enqueueWebhookEvent(trx, queue.userId, 'queue.emptied', emptied, now);
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
