import { NOTIFICATION_CATEGORIES } from '../../shared/settings/notification-preferences.js';
import type { NotificationDeliveryRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { notificationMessage } from '../mail/templates/notification.js';
import { getNotificationPreferences } from './notification-preferences.js';
import { sendPushToUser } from './push/send-push.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'mailer' | 'cipher'>;

/**
 * Sends one delivery by the channels the user has on for its category at this moment (Settings >
 * Notifications): the e-mail, unless an earlier attempt sent it (`emailSent` records that at
 * once), then Web Push. Throws when a channel failed, for the worker to try again; the in-app
 * notification (and the extension's badge, which reads it) is there regardless. A browser whose
 * push service refuses is the push service's matter (send-push.ts), not a failed delivery.
 */
export async function sendNotificationDelivery(
  deps: Deps,
  delivery: NotificationDeliveryRow,
  emailSent: () => Promise<unknown>,
): Promise<{ email: boolean; pushed: boolean }> {
  const category = NOTIFICATION_CATEGORIES.find((known) => known === delivery.category);
  if (!category) return { email: false, pushed: false };
  const channels = (await getNotificationPreferences(deps.db, delivery.userId))[category];
  let email = false;
  if (channels.email && delivery.emailSentAt === null) {
    const user = await deps.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', delivery.userId)
      .executeTakeFirst();
    if (user) {
      await deps.mailer.send(
        notificationMessage({
          to: user.email,
          title: delivery.title,
          message: delivery.message,
          link: `${deps.config.APP_URL}${delivery.path}`,
          settingsLink: `${deps.config.APP_URL}/settings/notifications`,
        }),
      );
      await emailSent();
      email = true;
    }
  }
  if (!channels.push) return { email, pushed: false };
  await sendPushToUser(deps, delivery.userId, {
    title: delivery.title,
    body: delivery.message,
    url: delivery.path,
    // A later delivery of the same notification (a group's that turned into a failure) replaces it.
    tag: delivery.notificationId,
  });
  return { email, pushed: true };
}
