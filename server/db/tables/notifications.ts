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
