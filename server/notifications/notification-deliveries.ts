import os from 'node:os';
import {
  NOTIFICATION_CATEGORIES,
  type NotificationCategory,
} from '../../shared/settings/notification-preferences.js';
import { newId } from '../core/ids.js';
import { claimDueRows } from '../db/claim-due-rows.js';
import type { Db } from '../db/database.js';
import { parseJsonObject } from '../db/json-column.js';
import type { NotificationDeliveryRow, NotificationsTable } from '../db/schema.js';

/**
 * The one writer of notification_deliveries: the e-mail and push of a notification, queued in
 * the transaction that stores the notification and sent by the delivery worker
 * (notification-worker.ts) of whichever process claims it. Each outcome applies only to the
 * claim it answers (claimed_by), so a worker whose lease ran out changes nothing afterwards.
 */

type StoredNotification = Pick<NotificationsTable, 'id' | 'userId' | 'type' | 'title' | 'message' | 'data'>;

/** Which settings category a notification belongs to; in-app only when none. */
export function categoryOf(
  notification: Pick<StoredNotification, 'type' | 'data'>,
): NotificationCategory | null {
  const declared = parseJsonObject(notification.data).category;
  if (NOTIFICATION_CATEGORIES.includes(declared as NotificationCategory)) {
    return declared as NotificationCategory;
  }
  if (notification.type === 'post_success' || notification.type === 'post_failure') return 'posts';
  if (notification.type === 'engagement') return 'engagement';
  return null;
}

/** Where a click takes the user: the post's list, or the dashboard. */
function pathFor(notification: Pick<StoredNotification, 'type' | 'data'>): string {
  if (!parseJsonObject(notification.data).postId) return '/dashboard';
  return notification.type === 'post_success' ? '/sent' : '/sent?status=failed';
}

/**
 * Queues the e-mail and push of `notification` in `trx`, the transaction that writes it: both
 * are stored or neither. Answers false for a notification without a category (in-app only).
 */
export async function queueNotificationDelivery(
  trx: Db,
  notification: StoredNotification,
  now: number,
): Promise<boolean> {
  const category = categoryOf(notification);
  if (!category) return false;
  // Outside a transaction the notification could be stored without its delivery: a bug to catch at once.
  if (!trx.isTransaction)
    throw new Error('queueNotificationDelivery needs the transaction of the notification');
  await trx
    .insertInto('notificationDeliveries')
    .values({
      id: newId(),
      userId: notification.userId,
      notificationId: notification.id,
      category,
      title: notification.title,
      message: notification.message,
      path: pathFor(notification),
      status: 'pending',
      attemptCount: 0,
      nextAttemptAt: now,
      claimedBy: null,
      emailSentAt: null,
      pushSentAt: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return true;
}

/** Who claims, as an operator reads it in claimed_by: the machine and the process. */
const CLAIMANT = `${os.hostname()}:${process.pid}`;

/** Claims up to `limit` due deliveries for `leaseMs`, marked with this process and a new claim id. */
export function claimDueNotificationDeliveries(
  db: Db,
  options: { now: number; leaseMs: number; limit: number },
): Promise<NotificationDeliveryRow[]> {
  return claimDueRows<NotificationDeliveryRow>(db, 'notification_deliveries', {
    ...options,
    claimedBy: `${CLAIMANT}/${newId()}`,
  });
}

function ofClaim(db: Db, claimed: Pick<NotificationDeliveryRow, 'id' | 'claimedBy'>) {
  return db
    .updateTable('notificationDeliveries')
    .where('id', '=', claimed.id)
    .where('status', '=', 'pending')
    .where('claimedBy', '=', claimed.claimedBy);
}

async function applied(update: { executeTakeFirst(): Promise<{ numUpdatedRows: bigint }> }) {
  return Number((await update.executeTakeFirst()).numUpdatedRows) > 0;
}

/** Keeps the claim while its attempt runs past part of its lease; false once it is lost. */
export function renewDeliveryLease(db: Db, claimed: NotificationDeliveryRow, until: number) {
  return applied(ofClaim(db, claimed).set({ nextAttemptAt: until }));
}

/** The e-mail went out: a later attempt (for a failed push) does not send it again. */
export function markEmailSent(db: Db, claimed: NotificationDeliveryRow, now: number) {
  return applied(ofClaim(db, claimed).set({ emailSentAt: now, updatedAt: now }));
}

export function markDeliveryDone(
  db: Db,
  claimed: NotificationDeliveryRow,
  input: { pushed: boolean; now: number },
) {
  return applied(
    ofClaim(db, claimed).set({
      status: 'done',
      attemptCount: claimed.attemptCount + 1,
      nextAttemptAt: null,
      ...(input.pushed ? { pushSentAt: input.now } : {}),
      lastError: null,
      updatedAt: input.now,
    }),
  );
}

/** A failed attempt: due again at `retryAt`, or failed for good when it is null. */
export function recordDeliveryFailure(
  db: Db,
  claimed: NotificationDeliveryRow,
  input: { error: string; retryAt: number | null; now: number },
) {
  return applied(
    ofClaim(db, claimed).set({
      status: input.retryAt === null ? 'failed' : 'pending',
      attemptCount: claimed.attemptCount + 1,
      nextAttemptAt: input.retryAt,
      lastError: input.error,
      updatedAt: input.now,
    }),
  );
}

/** A week of finished deliveries is kept (to tell what was sent); the hourly prune drops older ones. */
const KEEP_FINISHED_MS = 7 * 24 * 3_600_000;

export async function pruneNotificationDeliveries(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('notificationDeliveries')
    .where('status', 'in', ['done', 'failed'])
    .where('createdAt', '<', now - KEEP_FINISHED_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
