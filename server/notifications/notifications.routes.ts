import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import {
  MarkNotificationsReadInput,
  NOTIFICATIONS_LIMIT,
  type NotificationDto,
  NotificationsResultSchema,
} from '../../shared/notifications/api.js';
import { AppError } from '../core/errors.js';
import { errorResponses, jsonResponse, reply } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { toNotificationDto } from './create-notification.js';
import {
  countUnread,
  deleteNotification,
  listRecentNotifications,
  markAllRead,
  markRead,
} from './notifications.repository.js';

const tags = ['notifications'];
const ReadAnswer = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
const DeletedAnswer = z.object({ deleted: z.literal(true), unreadCount: z.number().int() });
const readAnswer = jsonResponse(ReadAnswer, '{ updated, unreadCount }');

/** The notification centre: newest 50 with the unread count, mark read, delete. */
export function createNotificationsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags,
        summary: 'The newest 50 notifications and the unread count',
        description:
          'The posts of one post group that publish or fail within 10 minutes of each other share one ' +
          "notification ('Posted to 3 of 4 accounts'): data.groupId names the group and data.accounts " +
          "holds each account's status, link and failure; it comes back unread and newest as outcomes " +
          'arrive (the live stream sends notification.updated). A lone post keeps its own notification.',
        responses: jsonResponse(NotificationsResultSchema, '{ notifications, unreadCount }'),
      }),
      async (c) => {
        const user = currentUser(c);
        const { db } = c.var.deps;
        const rows = await listRecentNotifications(db, user.id, NOTIFICATIONS_LIMIT);
        return reply(c, NotificationsResultSchema, {
          notifications: rows.map((row) => toNotificationDto(row) as NotificationDto),
          unreadCount: await countUnread(db, user.id),
        });
      },
    )
    .post(
      '/read',
      describeRoute({
        tags,
        summary: 'Mark some notifications as read',
        responses: { ...readAnswer, ...errorResponses(400) },
      }),
      validate('json', MarkNotificationsReadInput),
      async (c) => {
        const user = currentUser(c);
        const { db } = c.var.deps;
        const updated = await markRead(db, user.id, c.req.valid('json').ids);
        return reply(c, ReadAnswer, { updated, unreadCount: await countUnread(db, user.id) });
      },
    )
    .post(
      '/read-all',
      describeRoute({ tags, summary: 'Mark every notification as read', responses: readAnswer }),
      async (c) => {
        const user = currentUser(c);
        const updated = await markAllRead(c.var.deps.db, user.id);
        return reply(c, ReadAnswer, { updated, unreadCount: 0 });
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags,
        summary: 'Delete a notification',
        responses: {
          ...jsonResponse(DeletedAnswer, '{ deleted, unreadCount }'),
          ...errorResponses(400, 404),
        },
      }),
      validate('param', z.object({ id: z.string().min(1) })),
      async (c) => {
        const user = currentUser(c);
        const { db } = c.var.deps;
        if (!(await deleteNotification(db, user.id, c.req.valid('param').id))) {
          throw new AppError('not_found', 'Notification not found');
        }
        return reply(c, DeletedAnswer, { deleted: true, unreadCount: await countUnread(db, user.id) });
      },
    );
}
