import type { Generated } from 'kysely';

/** Tables of notifications, push subscriptions and notification choices (notifications); the Database interface in ../schema.ts lists every table. */

export interface NotificationsTable {
  id: string;
  userId: string;
  type: 'post_success' | 'post_failure' | 'system' | 'account' | 'engagement' | 'other';
  title: string;
  message: string;
  read: Generated<number>;
  /** JSON: { postId?, accountId?, action? } */
  data: string | null;
  createdAt: number;
}

/** A browser's Web Push subscription (the endpoint is the push service's address for it). */
export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  /** The session (SHA-256 id) that registered it; deleted with that session. */
  sessionId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  createdAt: number;
}

export interface UserPreferencesTable {
  userId: string;
  /** JSON: { posts: { email, push }, schedule: ..., engagement: ..., newsletter: ... } */
  notificationPreferences: string;
  updatedAt: number;
}

/**
 * The e-mail and push of one notification, to send (notifications/notification-deliveries.ts).
 * Pending rows are due at next_attempt_at; a claim moves it past the claim's lease.
 */
export interface NotificationDeliveriesTable {
  id: string;
  userId: string;
  notificationId: string;
  /** The settings category whose choices say which channels send it (NotificationCategory). */
  category: string;
  title: string;
  message: string;
  /** Where a click takes the user: a path of the web app. */
  path: string;
  status: 'pending' | 'done' | 'failed';
  attemptCount: number;
  nextAttemptAt: number | null;
  /** The claim that may record this attempt's outcome (a new one per claim). */
  claimedBy: string | null;
  emailSentAt: number | null;
  pushSentAt: number | null;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

export type NotificationDeliveryRow = NotificationDeliveriesTable;
