import type { Migration } from 'kysely';
import * as initial from './2026-11-21T2300-initial.js';
import * as publishingProgress from './2026-11-21T2330-publishing-progress.js';
import * as postMetrics from './2026-11-22T0950-post-metrics.js';
import * as postingSchedule from './2026-11-22T1000-posting-schedule.js';
import * as settings from './2026-11-22T1300-settings.js';
import * as subscriptions from './2026-11-22T1400-subscriptions.js';
import * as queues from './2026-11-22T1500-queues.js';
import * as analytics from './2026-11-22T1600-analytics.js';
import * as accessHolds from './2026-11-23T0900-access-holds.js';
import * as pushSessions from './2026-11-23T0910-push-sessions.js';
import * as sessionGoogleAuth from './2026-11-23T0920-session-google-auth.js';
import * as analyticsAccounts from './2026-11-25T0700-analytics-accounts.js';
import * as onboarding from './2026-11-25T1000-onboarding.js';
import * as queueRunTimes from './2026-11-25T1010-queue-run-times.js';
import * as postGroups from './2026-11-25T1020-post-groups.js';
import * as insertionOrder from './2026-11-26T0900-insertion-order.js';
import * as feeds from './2026-11-26T2200-feeds.js';
import * as rateLimits from './2026-11-26T2300-rate-limits.js';
import * as webhooks from './2026-11-27T0000-webhooks.js';
import * as apiTokens from './2026-11-27T0100-api-tokens.js';
import * as notificationDeliveries from './2026-11-27T1200-notification-deliveries.js';
import * as clusterWork from './2026-11-28T0900-cluster-work.js';

/**
 * Every migration, by name. A static list (not a folder scan) because vitest cannot
 * load `.ts` files through Kysely's FileMigrationProvider. Append new ones at the end.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T2300-initial': initial,
  '2026-11-21T2330-publishing-progress': publishingProgress,
  '2026-11-22T0950-post-metrics': postMetrics,
  '2026-11-22T1000-posting-schedule': postingSchedule,
  '2026-11-22T1300-settings': settings,
  '2026-11-22T1400-subscriptions': subscriptions,
  '2026-11-22T1500-queues': queues,
  '2026-11-22T1600-analytics': analytics,
  '2026-11-23T0900-access-holds': accessHolds,
  '2026-11-23T0910-push-sessions': pushSessions,
  '2026-11-23T0920-session-google-auth': sessionGoogleAuth,
  '2026-11-25T0700-analytics-accounts': analyticsAccounts,
  '2026-11-25T1000-onboarding': onboarding,
  '2026-11-25T1010-queue-run-times': queueRunTimes,
  '2026-11-25T1020-post-groups': postGroups,
  '2026-11-26T0900-insertion-order': insertionOrder,
  '2026-11-26T2200-feeds': feeds,
  '2026-11-26T2300-rate-limits': rateLimits,
  '2026-11-27T0000-webhooks': webhooks,
  '2026-11-27T0100-api-tokens': apiTokens,
  '2026-11-27T1200-notification-deliveries': notificationDeliveries,
  '2026-11-28T0900-cluster-work': clusterWork,
};
