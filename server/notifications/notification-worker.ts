import { type PollLoop, startPollLoop } from '../core/poll-loop.js';
import type { NotificationDeliveryRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { sendNotificationDelivery } from './deliver-notification.js';
import {
  claimDueNotificationDeliveries,
  markDeliveryDone,
  markEmailSent,
  recordDeliveryFailure,
  renewDeliveryLease,
} from './notification-deliveries.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'mailer' | 'cipher' | 'events'>;

const BATCH = 20;
const POLL_MS = 1_000;
/** The waits before the second, third and fourth attempts; a fourth failure gives up. */
export const NOTIFICATION_RETRY_WAITS_MS = [30_000, 5 * 60_000, 30 * 60_000] as const;

/**
 * Sends the notification e-mails and pushes queued with their notifications
 * (notification-deliveries.ts): every POLL_MS, and at once when this process stored a
 * notification. Its state is in the database only, so a restart sends what a dead process left,
 * and several processes share the work through the claim: each delivery is sent by one of them.
 * `wake()` is for other processes' news (a LISTEN/NOTIFY hook).
 */
export function startNotificationWorker(deps: Deps, options: { pollMs?: number } = {}): PollLoop {
  const loop = startPollLoop(
    async (stopping) => {
      while ((await deliverDueNotifications(deps)) === BATCH && !stopping()) {}
    },
    {
      pollMs: options.pollMs ?? POLL_MS,
      onError: (error) => deps.logger.error('notification delivery pass failed', { error }),
    },
  );
  // The events are published once the notification's transaction has committed.
  const unsubscribe = deps.events.subscribeAll((_userId, event) => {
    if (
      event.type === 'notification.inserted' ||
      (event.type === 'notification.updated' && event.becameFailure)
    )
      loop.wake();
  });
  return {
    wake: loop.wake,
    async stop() {
      unsubscribe();
      await loop.stop();
    },
  };
}

/** One pass: claims up to BATCH due deliveries and sends them side by side; answers how many. */
export async function deliverDueNotifications(deps: Deps, now = Date.now()): Promise<number> {
  const leaseMs = deps.config.NOTIFICATION_LEASE_MS;
  const claimed = await claimDueNotificationDeliveries(deps.db, { now, leaseMs, limit: BATCH });
  await Promise.all(claimed.map((delivery) => attempt(deps, delivery, leaseMs)));
  return claimed.length;
}

async function attempt(deps: Deps, delivery: NotificationDeliveryRow, leaseMs: number): Promise<void> {
  // Renewed while the attempt runs, so a slow mail server never hands the delivery to a second
  // worker that would send it again; a dead process stops renewing and its claim runs out.
  const renewal = setInterval(() => {
    renewDeliveryLease(deps.db, delivery, Date.now() + leaseMs).catch(() => undefined);
  }, leaseMs / 3);
  renewal.unref();
  try {
    const sent = await sendNotificationDelivery(deps, delivery, () =>
      markEmailSent(deps.db, delivery, Date.now()),
    );
    await markDeliveryDone(deps.db, delivery, { pushed: sent.pushed, now: Date.now() });
  } catch (error) {
    const now = Date.now();
    const wait = NOTIFICATION_RETRY_WAITS_MS[delivery.attemptCount];
    const retryAt = wait === undefined ? null : now + wait;
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await recordDeliveryFailure(deps.db, delivery, { error: reason, retryAt, now });
    deps.logger.warn('notification delivery failed', {
      reason,
      attempt: delivery.attemptCount + 1,
      retryAt: retryAt === null ? null : new Date(retryAt).toISOString(),
    });
  } finally {
    clearInterval(renewal);
  }
}
