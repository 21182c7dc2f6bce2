import { z } from 'zod';
import type { GroupAccountStatus } from '../posts/group-outcome.js';

const NOTIFICATION_TYPES = [
  'post_success',
  'post_failure',
  'system',
  'account',
  'engagement',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec 01 section 9: the list holds at most 50; the badge shows '99+' above 99. */
export const NOTIFICATIONS_LIMIT = 50;
export const NOTIFICATION_TOAST_MS = 5000;

export interface NotificationDto {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  data: { postId?: string; accountId?: string; action?: string; [key: string]: unknown } | null;
  createdAt: string;
}

export interface NotificationsResult {
  notifications: NotificationDto[];
  unreadCount: number;
}

const GroupAccountStatusSchema = z.object({
  postId: z.string(),
  accountId: z.string().nullable(),
  platform: z.string(),
  accountName: z.string(),
  status: z.string(),
  url: z.string().nullable().describe('Posted: the post on its platform.'),
  error: z.string().nullable().describe('Failed: why.'),
});

/** GET /api/notifications, for the OpenAPI document (the interfaces above are the TypeScript types). */
export const NotificationsResultSchema = z.object({
  notifications: z.array(
    z.object({
      id: z.string(),
      type: z.enum(NOTIFICATION_TYPES),
      title: z.string(),
      message: z.string(),
      read: z.boolean(),
      data: z
        .object({
          postId: z.string().optional(),
          accountId: z.string().optional(),
          action: z.string().optional(),
          groupId: z
            .string()
            .optional()
            .describe("A post group's notification: the outcomes of its accounts that came close together."),
          accounts: z
            .array(GroupAccountStatusSchema)
            .optional()
            .describe("A group's notification: each account."),
        })
        .loose()
        .nullable(),
      createdAt: z.string(),
    }),
  ),
  unreadCount: z.number().int().describe('Unread notifications (a group counts once).'),
});

export const MarkNotificationsReadInput = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1, 'Select at least one notification').max(200),
});
export type MarkNotificationsReadInput = z.infer<typeof MarkNotificationsReadInput>;

/** Spec 01 section 8 (notifications). */
export const NOTIFICATION_MESSAGES = {
  markReadFailed: 'Failed to mark notifications as read',
  markAllReadFailed: 'Failed to mark all notifications as read',
  deleteFailed: 'Failed to delete notification',
  allMarkedRead: 'All notifications marked as read',
} as const;

/** The badge text: the count, or '99+' above 99; empty when nothing is unread. */
export function unreadBadgeText(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/**
 * A post group's notification (issue 23): the outcomes of its accounts that came close together,
 * one entry. `data.groupId` names the group; `data.accounts` holds each account's status.
 */
export function groupNotificationOf(
  notification: Pick<NotificationDto, 'data'>,
): { groupId: string; accounts: GroupAccountStatus[] } | null {
  const groupId = notification.data?.groupId;
  const accounts = notification.data?.accounts;
  return typeof groupId === 'string' && Array.isArray(accounts)
    ? { groupId, accounts: accounts as GroupAccountStatus[] }
    : null;
}
