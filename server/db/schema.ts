import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
  publishAttempts: PublishAttemptsTable;
  appState: AppStateTable;
  postMetrics: PostMetricsTable;
  accountMetricsDaily: AccountMetricsDailyTable;
  postingSchedules: PostingSchedulesTable;
  postingTimes: PostingTimesTable;
  userPreferences: UserPreferencesTable;
  pushSubscriptions: PushSubscriptionsTable;
  passwordHistory: PasswordHistoryTable;
  securityLogs: SecurityLogsTable;
  subscriptions: SubscriptionsTable;
  billingWebhookEvents: BillingWebhookEventsTable;
  accessHolds: AccessHoldsTable;
  queues: QueuesTable;
  queueItems: QueueItemsTable;
  queueItemMedia: QueueItemMediaTable;
  userOnboarding: UserOnboardingTable;
}

export interface UsersTable {
  id: string;
  email: string;
  passwordHash: string | null;
  emailConfirmedAt: number | null;
  googleSub: string | null;
  timezone: string;
  language: string;
  timeFormat: '12h' | '24h' | null;
  displayName: string | null;
  setupComplete: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token the client holds; the token itself is never stored. */
  id: string;
  userId: string;
  expiresAt: number;
  /** 1: 30-day session extended when used; 0: ends after 30 minutes without activity. */
  remember: number;
  kind: 'cookie' | 'token';
  lastUsedAt: number;
  /** Where the session was last used from (active-sessions list). */
  userAgent: string | null;
  ip: string | null;
  /** When the user last signed in with Google in this session (sign-in or re-authentication). */
  googleAuthAt: number | null;
  createdAt: number;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: number;
  createdAt: number;
}

export interface EmailTokensTable {
  id: string;
  userId: string;
  purpose: 'confirm' | 'reset';
  /** SHA-256 (hex) of the link token. */
  tokenHash: string;
  /** SHA-256 (hex) of the 8-digit code (confirmation only). */
  codeHash: string | null;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface OauthStatesTable {
  /** SHA-256 (hex) of the state value sent to the provider. */
  id: string;
  provider: string;
  userId: string | null;
  /** SHA-256 (hex) of the session the flow was started from. */
  sessionId: string | null;
  /** Encrypted PKCE verifier (AES-256-GCM), when the provider uses PKCE. */
  codeVerifier: string | null;
  nonce: string | null;
  redirectTo: string | null;
  data: string | null;
  expiresAt: number;
  usedAt: number | null;
  createdAt: number;
}

export interface MailOutboxTable {
  id: string;
  toAddress: string;
  subject: string;
  text: string;
  html: string;
  createdAt: number;
}

export interface SocialAccountsTable {
  id: string;
  userId: string;
  platform: string;
  platformAccountId: string;
  accountName: string;
  accountHandle: string | null;
  avatarUrl: string | null;
  /** AES-256-GCM ciphertext. */
  accessToken: string;
  /** AES-256-GCM ciphertext. */
  refreshToken: string | null;
  expiresAt: number | null;
  refreshExpiresAt: number | null;
  scopes: string | null;
  status: 'active' | 'needs_reconnect';
  lastError: string | null;
  isSandbox: number;
  /** JSON: platform specifics (page id, author urn, user id for Instagram...). */
  metadata: string;
  tokenRefreshedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

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

export interface MediaTable {
  id: string;
  userId: string;
  fileName: string;
  originalName: string;
  mimeType: string;
  kind: 'image' | 'video' | 'document' | 'audio';
  sizeBytes: number;
  storagePath: string;
  createdAt: number;
}

export interface ScheduledPostsTable {
  id: string;
  userId: string;
  socialAccountId: string | null;
  platform: string;
  content: string;
  status: 'draft' | 'scheduled' | 'publishing' | 'posted' | 'failed';
  isDraft: number;
  scheduledAt: number | null;
  postedAt: number | null;
  postType: string;
  /** JSON array of media ids. */
  media: string;
  /** JSON array of { content, media: string[] } for X and Threads chains, or null. */
  tweets: string | null;
  /** JSON object: spec 02 post metadata. */
  metadata: string;
  platformPostId: string | null;
  platformPostUrl: string | null;
  errorMessage: string | null;
  /** Publishing lease: a worker owns the post until this time. */
  leaseUntil: number | null;
  attemptCount: Generated<number>;
  nextAttemptAt: number | null;
  /** JSON: { parts?: string[], commitPending?: boolean, ... } kept across attempts. */
  publishProgress: string | null;
  /** The engine instance holding the lease. */
  leaseOwner: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface PostMediaTable {
  postId: string;
  mediaId: string;
}

export interface PublishAttemptsTable {
  id: Generated<number>;
  postId: string;
  attemptNo: number;
  startedAt: number;
  endedAt: number | null;
  outcome: 'success' | 'retry' | 'failed' | 'unknown' | null;
  httpStatus: number | null;
  error: string | null;
  /** Set just before a create request is sent. */
  commitSentAt: number | null;
}

export interface AppStateTable {
  key: string;
  value: string;
  updatedAt: number;
}

/** Latest engagement of a published post (written by analytics only). */
export interface PostMetricsTable {
  postId: string;
  userId: string;
  socialAccountId: string | null;
  platform: string;
  /** The post's posted_at, copied for weekday x hour queries. */
  postedAt: number;
  likes: number;
  comments: number;
  shares: number;
  views: number;
  /** Interactions as the platform counts them (likes + comments + shares + saves...). */
  engagement: number;
  readAt: number;
  /** When the collector reads this post again; null = no more reads. */
  nextReadAt: number | null;
}

/** Account-level numbers per UTC day, written by the analytics collector. */
export interface AccountMetricsDailyTable {
  socialAccountId: string;
  userId: string;
  platform: string;
  /** 'YYYY-MM-DD' (UTC) */
  day: string;
  followers: number | null;
  readAt: number;
}

export interface PostingSchedulesTable {
  id: string;
  userId: string;
  /** null: the user's default schedule, used by every account without its own. */
  socialAccountId: string | null;
  createdAt: number;
  updatedAt: number;
}

/** An automated queue (spec 02 section 3). */
export interface QueuesTable {
  id: string;
  userId: string;
  name: string;
  description: string;
  isRepeatable: number;
  intervalHours: number;
  /** 'interval' | 'times' | 'schedule' (shared/queues/api.ts QUEUE_RUN_MODES). */
  runMode: Generated<'interval' | 'times' | 'schedule'>;
  /** JSON array of 'HH:MM' in the user's zone ('times' mode). */
  runTimes: Generated<string>;
  /** JSON array of weekdays, 0 = Sunday ('times' mode). */
  runDays: Generated<string>;
  /** 'schedule' mode: this account's posting times; null for the default schedule. */
  scheduleAccountId: string | null;
  isActive: number;
  /** Next run (epoch ms); null once a one-time queue has published every item. */
  nextRun: number | null;
  lastRunAt: number | null;
  /** Why the engine paused the queue (the owner lost access); null when the user paused it. */
  pausedReason: string | null;
  createdAt: number;
  updatedAt: number;
}

/** A queue item: a whole post for one account, in the shape of scheduled_posts. */
export interface QueueItemsTable {
  id: string;
  queueId: string;
  userId: string;
  socialAccountId: string | null;
  platform: string;
  postType: string;
  content: string;
  /** JSON array of media ids. */
  media: string;
  /** JSON array of { content, media: string[] } for X and Threads chains, or null. */
  tweets: string | null;
  /** JSON object: spec 02 post metadata. */
  metadata: string;
  /** Run order: the first item goes next; a run moves the item it sends to the end. */
  position: number;
  runCount: number;
  lastRunAt: number | null;
  /** The scheduled post the latest run created. */
  lastPostId: string | null;
  lastSkipReason: string | null;
  lastSkippedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface PostingTimesTable {
  id: string;
  scheduleId: string;
  userId: string;
  /** 0 = Sunday ... 6 = Saturday */
  day: number;
  /** 'HH:MM' (24-hour) in the user's time zone */
  time: string;
  createdAt: number;
}

export interface UserPreferencesTable {
  userId: string;
  /** JSON: { posts: { email, push }, schedule: ..., engagement: ..., newsletter: ... } */
  notificationPreferences: string;
  updatedAt: number;
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

export interface PasswordHistoryTable {
  id: Generated<number>;
  userId: string;
  passwordHash: string;
  createdAt: number;
}

export interface SecurityLogsTable {
  id: Generated<number>;
  userId: string;
  eventType: 'password_change';
  success: number;
  errorMessage: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: number;
}

/** The dashboard's welcome and "Get started" checklist (written by the onboarding feature only). */
export interface UserOnboardingTable {
  userId: string;
  /** The first visit of the dashboard: "Welcome" then, "Welcome Back" after. */
  firstDashboardVisitAt: number | null;
  checklistDismissedAt: number | null;
  /** The browser extension signed in for the first time. */
  extensionConnectedAt: number | null;
  updatedAt: number;
}

export interface QueueItemMediaTable {
  itemId: string;
  mediaId: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SocialAccountRow = Selectable<SocialAccountsTable>;
export type ScheduledPostRow = Selectable<ScheduledPostsTable>;
export type MediaRow = Selectable<MediaTable>;
export type NotificationRow = Selectable<NotificationsTable>;

/** A subscription at the payment provider (Lemon Squeezy), kept in step by its webhooks. */
export interface SubscriptionsTable {
  id: string;
  userId: string;
  provider: 'lemonsqueezy';
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  /** trialing, active (also while cancelling), past_due, unpaid, paused, expired. */
  status: string;
  /** The provider's variant id: the one plan. */
  planId: string | null;
  planName: string | null;
  trialEndDate: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: number;
  cardBrand: string | null;
  cardLastFour: string | null;
  testMode: number;
  /** The provider's own updated_at, for ordering late webhooks. */
  providerUpdatedAt: number;
  createdAt: number;
  updatedAt: number;
}

export interface BillingWebhookEventsTable {
  /** SHA-256 (hex) of the event name and the raw signed body. */
  id: string;
  eventName: string;
  userId: string | null;
  outcome: string;
  receivedAt: number;
}

/** The engine holds this user's work for lack of access, and has told them (once per lapse). */
export interface AccessHoldsTable {
  userId: string;
  reason: string;
  heldAt: number;
}

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type QueueRow = Selectable<QueuesTable>;
export type QueueItemRow = Selectable<QueueItemsTable>;
