import { newId } from '../core/ids.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { NotificationsTable } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';

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

/** Stores a notification and pushes it to the user's open clients. */
export async function createNotification(
  deps: Pick<AppDeps, 'db' | 'events'>,
  input: CreateNotificationInput,
) {
  const row = {
    id: newId(),
    userId: input.userId,
    type: input.type,
    title: input.title,
    message: input.message,
    read: 0,
    data: input.data ? JSON.stringify(input.data) : null,
    createdAt: Date.now(),
  };
  await deps.db.insertInto('notifications').values(row).execute();
  const notification = toNotificationDto(row);
  deps.events.publish(input.userId, { type: 'notification.inserted', notification });
  return notification;
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
