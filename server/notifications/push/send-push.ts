import { request } from 'undici';
import { pinnedAgent, refuseNonPublic, resolveTarget } from '../../core/pinned-request.js';
import type { AppDeps } from '../../http/types.js';
import { isSessionLive } from './push-subscriptions.js';
import { loadVapidKeys, loadWebPush, vapidSubject } from './vapid-keys.js';

interface PushMessage {
  title: string;
  body: string;
  /** Opened when the notification is clicked (a path of the web app). */
  url: string;
  tag?: string;
}

const TIMEOUTS = { connect: 10_000, headers: 10_000, body: 10_000 };

/**
 * Sends one Web Push message to each of the user's browsers. web-push builds the request
 * (VAPID JWT, aes128gcm encryption); it is sent through a client that connects only to the
 * checked public address of the push service. A subscription the service says is gone (404,
 * 410) is deleted. Returns how many browsers accepted it.
 */
export async function sendPushToUser(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger' | 'cipher'>,
  userId: string,
  message: PushMessage,
): Promise<number> {
  const now = Date.now();
  // Only browsers whose session still signs in: an ended session's subscription is deleted with
  // it, and one that expired or idled out receives nothing until it is cleared.
  const rows = await deps.db
    .selectFrom('pushSubscriptions as p')
    .innerJoin('sessions as s', 's.id', 'p.sessionId')
    .select(['p.id', 'p.endpoint', 'p.p256dh', 'p.auth', 's.expiresAt', 's.remember', 's.lastUsedAt'])
    .where('p.userId', '=', userId)
    .where('s.userId', '=', userId)
    .execute();
  const subscriptions = rows.filter((row) => isSessionLive(row, now));
  if (subscriptions.length === 0) return 0;
  const keys = await loadVapidKeys(deps);
  const payload = JSON.stringify(message);
  let delivered = 0;
  for (const subscription of subscriptions) {
    try {
      const details = loadWebPush().generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: { subject: vapidSubject(deps.config), ...keys },
          TTL: 24 * 3600,
          contentEncoding: 'aes128gcm',
        },
      );
      const url = new URL(details.endpoint);
      const target = await resolveTarget(url, deps.config.ALLOW_PRIVATE_MEDIA_URLS ? null : refuseNonPublic);
      const agent = pinnedAgent(target, TIMEOUTS);
      try {
        const response = await request(url, {
          method: 'POST',
          headers: details.headers as Record<string, string>,
          body: details.body ?? undefined,
          dispatcher: agent,
        });
        await response.body.dump();
        if (response.statusCode === 404 || response.statusCode === 410) {
          await deps.db.deleteFrom('pushSubscriptions').where('id', '=', subscription.id).execute();
        } else if (response.statusCode >= 200 && response.statusCode < 300) {
          delivered += 1;
        } else {
          deps.logger.warn('push service refused a message', { status: response.statusCode });
        }
      } finally {
        void agent.close().catch(() => undefined);
      }
    } catch (error) {
      deps.logger.warn('push delivery failed', {
        reason: error instanceof Error ? error.message : 'unknown',
      });
    }
  }
  return delivered;
}
