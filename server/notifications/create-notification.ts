import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn, parseJsonObject } from '../db/json-column.js';
import type { NotificationsTable } from '../db/schema.js';
import { sqlDialect } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';
import { categoryOf, queueNotificationDelivery } from './notification-deliveries.js';

interface CreateNotificationInput {
  userId: string;
  type: NotificationsTable['type'];
  title: string;
  message: string;
  data?: {
    postId?: string;
    accountId?: string;
    action?: 'post_now' | 'reconnect' | 'check_platform' | 'subscribe';
  } & Record<string, unknown>;
}

/** How close together the outcomes of one post group's accounts come to share one notification. */
export const GROUP_NOTIFICATION_WINDOW_MS = 10 * 60_000;

/**
 * Stores a notification with its e-mail and push to send (the delivery worker sends them by the
 * user's choices) and pushes it to the user's open clients.
 */
export async function createNotification(
  deps: Pick<AppDeps, 'db' | 'events'>,
  input: CreateNotificationInput,
) {
  const now = Date.now();
  const row = toRow(input, now);
  const write = async (trx: Db) => {
    await trx.insertInto('notifications').values(row).execute();
    await queueNotificationDelivery(trx, row, now);
  };
  // A notification without a category is in-app only: one insert, no transaction needed.
  if (deps.db.isTransaction || categoryOf(row) === null) await write(deps.db);
  else await deps.db.transaction().execute(write);
  const notification = toNotificationDto(row);
  deps.events.publish(input.userId, { type: 'notification.inserted', notification });
  return notification;
}

/**
 * A post group's notification (issue 23): the outcomes of its accounts that come within
 * GROUP_NOTIFICATION_WINDOW_MS of each other are one entry, so one unread item, one "Mark as
 * read". The user's latest notification of the group from that window is replaced (unread again,
 * and newest), else one is stored. `build` reads the group inside the same transaction, so of two
 * outcomes stored at once the later write has seen both; it answers null when the group is not
 * one to notify as such (then nothing is written).
 */
export async function createOrMergeGroupNotification(
  deps: Pick<AppDeps, 'db' | 'events'>,
  input: { userId: string; groupId: string },
  build: GroupNotificationBuilder,
  now = Date.now(),
) {
  const written = await deps.db
    .transaction()
    .execute((trx) => mergeGroupNotificationIn(trx, input, build, now));
  if (!written) return null;
  const notification = toNotificationDto(written.row);
  if (written.previousType === null) {
    deps.events.publish(input.userId, { type: 'notification.inserted', notification });
  } else {
    deps.events.publish(input.userId, {
      type: 'notification.updated',
      notification,
      becameFailure: becameFailure(written.row.type, written.previousType),
    });
  }
  return notification;
}

type GroupNotificationBuilder = (db: Db) => Promise<Omit<CreateNotificationInput, 'userId'> | null>;

/**
 * The write of createOrMergeGroupNotification in the transaction `trx`, which holds the group's
 * lock until it ends: two outcomes of one group finishing at once (two connections on PostgreSQL)
 * take turns, so the second builds from both and finds the first's notification instead of
 * storing one of its own. On SQLite transactions already take turns.
 */
export async function mergeGroupNotificationIn(
  trx: Db,
  input: { userId: string; groupId: string },
  build: GroupNotificationBuilder,
  now: number,
) {
  const { userId, groupId } = input;
  await sqlDialect(trx).holdLock(trx, `group-notification:${groupId}`);
  const content = await build(trx);
  if (!content) return null;
  const row = toRow({ ...content, userId, data: { ...content.data, groupId } }, now);
  const recent = await trx
    .selectFrom('notifications')
    .select(['id', 'type', 'data'])
    .where('userId', '=', userId)
    .where('createdAt', '>=', now - GROUP_NOTIFICATION_WINDOW_MS)
    .where('type', 'in', ['post_success', 'post_failure'])
    .orderBy('createdAt', 'desc')
    .execute();
  const previous = recent.find((candidate) => parseJsonObject(candidate.data).groupId === groupId);
  if (!previous) {
    await trx.insertInto('notifications').values(row).execute();
    await queueNotificationDelivery(trx, row, now);
    return { row, previousType: null };
  }
  const { id: _id, userId: _userId, ...changes } = row;
  await trx
    .updateTable('notifications')
    .set(changes)
    .where('id', '=', previous.id)
    .where('userId', '=', userId)
    .execute();
  const merged = { ...row, id: previous.id };
  // Sent again only when it turns into a failure: one e-mail per group rather than per account,
  // and no failure goes unsaid (the push replaces the earlier one, tagged with the same id).
  if (becameFailure(merged.type, previous.type)) await queueNotificationDelivery(trx, merged, now);
  return { row: merged, previousType: previous.type };
}

function becameFailure(type: string, previousType: string): boolean {
  return type === 'post_failure' && previousType !== 'post_failure';
}

function toRow(input: CreateNotificationInput, now: number) {
  return {
    id: newId(),
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    read: 0,
    data: input.data ? JSON.stringify(input.data) : null,
    createdAt: now,
  };
}

export function toNotificationDto(row: {
  id: string;
  type: string;
  title: string;
  message: string;
  read: number;
  data: string | null;
  createdAt: number;
}) {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read === 1,
    data: parseJsonColumn<Record<string, unknown> | null>(row.data, null),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
