import { z } from 'zod';

/** Spec 02 section 3: four categories, each by e-mail and by push, all off by default. */
export const NOTIFICATION_CATEGORIES = ['posts', 'schedule', 'engagement', 'newsletter'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<NotificationCategory, { label: string; description: string }> = {
  posts: { label: 'Posts', description: 'When a post is published or fails to publish.' },
  schedule: { label: 'Schedule', description: 'Changes to your posting schedule and queues.' },
  engagement: { label: 'Engagement', description: 'Comments, likes and shares on your posts.' },
  newsletter: { label: 'Newsletter', description: 'Product news and tips from Postloom.' },
};

const Channels = z.object({ email: z.boolean(), push: z.boolean() });

export const NotificationPreferences = z.object({
  posts: Channels,
  schedule: Channels,
  engagement: Channels,
  newsletter: Channels,
});
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  posts: { email: false, push: false },
  schedule: { email: false, push: false },
  engagement: { email: false, push: false },
  newsletter: { email: false, push: false },
};

/** What was stored, completed with the defaults (older rows, or a category added later). */
export function withDefaults(stored: unknown): NotificationPreferences {
  const value = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const result = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  for (const category of NOTIFICATION_CATEGORIES) {
    const parsed = Channels.safeParse(value[category]);
    if (parsed.success) result[category] = parsed.data;
  }
  return result;
}

export const NOTIFICATION_SETTINGS_MESSAGES = {
  saved: 'Preferences saved successfully',
  failed: 'Failed to save preferences',
  pushBlocked:
    'Your browser blocks notifications from Postloom. Allow them in the site settings to receive push notifications.',
  pushUnsupported: 'This browser cannot receive push notifications.',
} as const;

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionInput = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;
