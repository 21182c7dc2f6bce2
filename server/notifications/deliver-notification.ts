import type { NotificationCategory } from '../../shared/settings/notification-preferences.js';
import type { UserEvent } from '../core/event-bus.js';
import type { NotificationsTable } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { notificationMessage } from '../mail/templates/notification.js';
import { getNotificationPreferences } from './notification-preferences.js';
import { sendPushToUser } from './push/send-push.js';

interface InsertedNotification {
  id: string;
  type: NotificationsTable['type'];
  title: string;
  message: string;
  data: Record<string, unknown> | null;
}

/** Which settings category a notification belongs to; in-app only when none. */
function categoryOf(notification: Pick<InsertedNotification, 'type' | 'data'>): NotificationCategory | null {
  const declared = notification.data?.category;
  if (
    declared === 'posts' ||
    declared === 'schedule' ||
    declared === 'engagement' ||
    declared === 'newsletter'
  ) {
    return declared;
  }
  if (notification.type === 'post_success' || notification.type === 'post_failure') return 'posts';
  if (notification.type === 'engagement') return 'engagement';
  return null;
}

/** Where a click takes the user: the post's list, or the dashboard. */
function pathFor(notification: InsertedNotification): string {
  if (notification.data?.postId)
    return notification.type === 'post_success' ? '/sent' : '/sent?status=failed';
  return '/dashboard';
}

/**
 * Sends a stored notification by e-mail and by Web Push when the user turned those on for its
 * category. Best effort: a failure is logged, the in-app notification (and the extension's
 * badge, which reads it) is there regardless.
 */
async function deliverNotification(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger' | 'mailer' | 'cipher'>,
  userId: string,
  notification: InsertedNotification,
): Promise<{ email: boolean; push: number }> {
  const category = categoryOf(notification);
  if (!category) return { email: false, push: 0 };
  const channels = (await getNotificationPreferences(deps.db, userId))[category];
  const result = { email: false, push: 0 };
  const path = pathFor(notification);
  if (channels.email) {
    const user = await deps.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user) {
      await deps.mailer.send(
        notificationMessage({
          to: user.email,
          title: notification.title,
          message: notification.message,
          link: `${deps.config.APP_URL}${path}`,
          settingsLink: `${deps.config.APP_URL}/settings/notifications`,
        }),
      );
      result.email = true;
    }
  }
  if (channels.push) {
    result.push = await sendPushToUser(deps, userId, {
      title: notification.title,
      body: notification.message,
      url: path,
      tag: notification.id,
    });
  }
  return result;
}

/** Delivers every new notification in the background; returns the stop function. */
export function startNotificationDelivery(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger' | 'mailer' | 'events' | 'cipher'>,
) {
  return deps.events.subscribeAll((userId: string, event: UserEvent, origin) => {
    // The process that wrote the notification delivers it, not every process that hears of it.
    if (origin === 'remote') return;
    // A group's notification that takes in more outcomes is sent again only when it turns into a
    // failure: one e-mail per group rather than per account, and no failure goes unsaid (push
    // replaces the earlier one, tagged with the same id).
    const deliver =
      event.type === 'notification.inserted' ||
      (event.type === 'notification.updated' && event.becameFailure);
    if (!deliver) return;
    const notification = event.notification as InsertedNotification;
    void deliverNotification(deps, userId, notification).catch((error: unknown) => {
      deps.logger.warn('notification delivery failed', {
        type: notification.type,
        reason: error instanceof Error ? error.message : 'unknown',
      });
    });
  });
}
