import type { OauthStatesTable, SocialAccountsTable } from './tables/accounts.js';
import type { AccountMetricsDailyTable, PostMetricsTable } from './tables/analytics.js';
import type { ApiTokensTable, IdempotencyKeysTable } from './tables/api-tokens.js';
import type {
  EmailTokensTable,
  LoginAttemptsTable,
  PasswordHistoryTable,
  SecurityLogsTable,
  SessionsTable,
  UsersTable,
} from './tables/auth.js';
import type { AccessHoldsTable, BillingWebhookEventsTable, SubscriptionsTable } from './tables/billing.js';
import type { FeedSeenItemsTable, FeedsTable } from './tables/feeds.js';
import type { MediaTable } from './tables/media.js';
import type {
  NotificationDeliveriesTable,
  NotificationsTable,
  PushSubscriptionsTable,
  UserPreferencesTable,
} from './tables/notifications.js';
import type { UserOnboardingTable } from './tables/onboarding.js';
import type {
  PostGroupsTable,
  PostMediaTable,
  PublishAttemptsTable,
  ScheduledPostsTable,
} from './tables/posts.js';
import type { QueueItemMediaTable, QueueItemsTable, QueuesTable } from './tables/queues.js';
import type { PostingSchedulesTable, PostingTimesTable } from './tables/schedule.js';
import type {
  AppStateTable,
  JobTicksTable,
  MailOutboxTable,
  PostingSlotsTable,
  WorkersTable,
} from './tables/system.js';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from './tables/webhooks.js';

export type { SocialAccountRow, SocialAccountsTable } from './tables/accounts.js';
export type { AccountMetricsDailyTable, PostMetricsTable } from './tables/analytics.js';
export type { SubscriptionRow, SubscriptionsTable } from './tables/billing.js';
export type { FeedRow, FeedSeenItemsTable, FeedsTable } from './tables/feeds.js';
export type { MediaRow, MediaTable } from './tables/media.js';
export type { NotificationDeliveryRow, NotificationsTable } from './tables/notifications.js';
export type { PostGroupRow, PostGroupsTable, ScheduledPostRow, ScheduledPostsTable } from './tables/posts.js';
export type { QueueItemRow, QueueItemsTable, QueueRow, QueuesTable } from './tables/queues.js';

/**
 * Table types as the app sees them (the app's Kysely instance uses CamelCasePlugin,
 * so `created_at` in SQL is `createdAt` here). Every time is a UTC instant in epoch
 * milliseconds; JSON columns hold text.
 */
/**
 * Table types as the app sees them (the app's Kysely instance uses CamelCasePlugin,
 * so `created_at` in SQL is `createdAt` here). Every time is a UTC instant in epoch
 * milliseconds; JSON columns hold text.
 */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  loginAttempts: LoginAttemptsTable;
  emailTokens: EmailTokensTable;
  oauthStates: OauthStatesTable;
  mailOutbox: MailOutboxTable;
  socialAccounts: SocialAccountsTable;
  notifications: NotificationsTable;
  media: MediaTable;
  scheduledPosts: ScheduledPostsTable;
  postMedia: PostMediaTable;
  postGroups: PostGroupsTable;
  publishAttempts: PublishAttemptsTable;
  appState: AppStateTable;
  workers: WorkersTable;
  jobTicks: JobTicksTable;
  postingSlots: PostingSlotsTable;
  postMetrics: PostMetricsTable;
  accountMetricsDaily: AccountMetricsDailyTable;
  postingSchedules: PostingSchedulesTable;
  postingTimes: PostingTimesTable;
  userPreferences: UserPreferencesTable;
  pushSubscriptions: PushSubscriptionsTable;
  notificationDeliveries: NotificationDeliveriesTable;
  passwordHistory: PasswordHistoryTable;
  securityLogs: SecurityLogsTable;
  subscriptions: SubscriptionsTable;
  billingWebhookEvents: BillingWebhookEventsTable;
  accessHolds: AccessHoldsTable;
  queues: QueuesTable;
  queueItems: QueueItemsTable;
  queueItemMedia: QueueItemMediaTable;
  userOnboarding: UserOnboardingTable;
  apiTokens: ApiTokensTable;
  idempotencyKeys: IdempotencyKeysTable;
  feeds: FeedsTable;
  feedSeenItems: FeedSeenItemsTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
}
