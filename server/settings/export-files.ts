import { parseJsonColumn } from '../db/json-column.js';
import type { AppDeps } from '../http/types.js';
import { exportWebhooks } from './export-webhooks.js';

export type Deps = Pick<AppDeps, 'db' | 'config'>;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** A JSON column as its value; text that is not JSON is exported as it is. */
const json = (text: string | null) => (text === null ? null : parseJsonColumn<unknown>(text, text));

/**
 * One JSON file of "Download my data" each. A feature with user data adds its entry here; no
 * secret ever goes in (password hashes, platform tokens, session ids).
 */
export const EXPORTERS: Array<{ file: string; read: (deps: Deps, userId: string) => Promise<unknown> }> = [
  {
    file: 'profile.json',
    read: async ({ db }, userId) => {
      const user = await db
        .selectFrom('users')
        .select([
          'email',
          'displayName',
          'timezone',
          'language',
          'timeFormat',
          'emailConfirmedAt',
          'createdAt',
        ])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const preferences = await db
        .selectFrom('userPreferences')
        .select('notificationPreferences')
        .where('userId', '=', userId)
        .executeTakeFirst();
      return {
        ...user,
        emailConfirmedAt: iso(user.emailConfirmedAt),
        createdAt: iso(user.createdAt),
        notificationPreferences: json(preferences?.notificationPreferences ?? null),
      };
    },
  },
  {
    file: 'connected-accounts.json',
    read: async ({ db }, userId) =>
      (
        await db
          .selectFrom('socialAccounts')
          .select(['id', 'platform', 'accountName', 'accountHandle', 'status', 'createdAt'])
          .where('userId', '=', userId)
          .execute()
      ).map((row) => ({ ...row, createdAt: iso(row.createdAt) })),
  },
  {
    file: 'posts.json',
    read: async ({ db }, userId) =>
      (
        await db
          .selectFrom('scheduledPosts')
          .select([
            'id',
            'socialAccountId',
            'platform',
            'postType',
            'content',
            'tweets',
            'metadata',
            'media',
            'status',
            'scheduledAt',
            'postedAt',
            'platformPostId',
            'platformPostUrl',
            'errorMessage',
            'createdAt',
            'updatedAt',
          ])
          .where('userId', '=', userId)
          .orderBy('createdAt')
          .execute()
      ).map((row) => ({
        ...row,
        tweets: json(row.tweets),
        metadata: json(row.metadata),
        media: json(row.media),
        scheduledAt: iso(row.scheduledAt),
        postedAt: iso(row.postedAt),
        createdAt: iso(row.createdAt),
        updatedAt: iso(row.updatedAt),
      })),
  },
  {
    file: 'posting-schedule.json',
    read: async ({ db }, userId) => {
      const schedules = await db
        .selectFrom('postingSchedules')
        .select(['id', 'socialAccountId'])
        .where('userId', '=', userId)
        .execute();
      const times = await db
        .selectFrom('postingTimes')
        .select(['scheduleId', 'day', 'time'])
        .where('userId', '=', userId)
        .orderBy('day')
        .orderBy('time')
        .execute();
      return schedules.map((schedule) => ({
        accountId: schedule.socialAccountId,
        times: times.filter((t) => t.scheduleId === schedule.id).map(({ day, time }) => ({ day, time })),
      }));
    },
  },
  {
    file: 'analytics.json',
    read: async ({ db }, userId) => ({
      postMetrics: (
        await db
          .selectFrom('postMetrics')
          .selectAll()
          .where('userId', '=', userId)
          .orderBy('postedAt')
          .execute()
      ).map(({ userId: _userId, nextReadAt: _next, ...row }) => ({
        ...row,
        postedAt: iso(row.postedAt),
        readAt: iso(row.readAt),
      })),
      accountsByDay: (
        await db
          .selectFrom('accountMetricsDaily')
          .select(['socialAccountId', 'platform', 'day', 'followers', 'readAt'])
          .where('userId', '=', userId)
          .orderBy('day')
          .execute()
      ).map((row) => ({ ...row, readAt: iso(row.readAt) })),
    }),
  },
  {
    file: 'notifications.json',
    read: async ({ db }, userId) =>
      (
        await db
          .selectFrom('notifications')
          .select(['id', 'type', 'title', 'message', 'read', 'data', 'createdAt'])
          .where('userId', '=', userId)
          .orderBy('createdAt')
          .execute()
      ).map((row) => ({ ...row, read: row.read === 1, data: json(row.data), createdAt: iso(row.createdAt) })),
  },
  {
    file: 'subscriptions.json',
    read: async ({ db }, userId) =>
      (
        await db
          .selectFrom('subscriptions')
          .select([
            'status',
            'planName',
            'trialEndDate',
            'currentPeriodEnd',
            'cancelAtPeriodEnd',
            'createdAt',
          ])
          .where('userId', '=', userId)
          .execute()
      ).map((row) => ({
        ...row,
        trialEndDate: iso(row.trialEndDate),
        currentPeriodEnd: iso(row.currentPeriodEnd),
        cancelAtPeriodEnd: row.cancelAtPeriodEnd === 1,
        createdAt: iso(row.createdAt),
      })),
  },
  {
    file: 'queues.json',
    read: async ({ db }, userId) => {
      const queues = await db
        .selectFrom('queues')
        .select([
          'id',
          'name',
          'description',
          'isRepeatable',
          'intervalHours',
          'isActive',
          'nextRun',
          'createdAt',
        ])
        .where('userId', '=', userId)
        .orderBy('createdAt')
        .execute();
      const items = await db
        .selectFrom('queueItems')
        .select(['queueId', 'platform', 'postType', 'content', 'tweets', 'metadata', 'position', 'runCount'])
        .where('userId', '=', userId)
        .orderBy('position')
        .execute();
      return queues.map(({ id, ...queue }) => ({
        ...queue,
        isRepeatable: queue.isRepeatable === 1,
        isActive: queue.isActive === 1,
        nextRun: iso(queue.nextRun),
        createdAt: iso(queue.createdAt),
        items: items
          .filter((item) => item.queueId === id)
          .map(({ queueId: _queueId, ...item }) => ({
            ...item,
            tweets: json(item.tweets),
            metadata: json(item.metadata),
          })),
      }));
    },
  },
  {
    file: 'feeds.json',
    read: async ({ db }, userId) =>
      (
        await db
          .selectFrom('feeds')
          .select([
            'url',
            'title',
            'target',
            'queueId',
            'template',
            'takeImage',
            'status',
            'itemsTaken',
            'createdAt',
          ])
          .where('userId', '=', userId)
          .orderBy('createdAt')
          .execute()
      ).map((row) => ({ ...row, takeImage: row.takeImage === 1, createdAt: iso(row.createdAt) })),
  },
  { file: 'webhooks.json', read: exportWebhooks },
  {
    file: 'security-log.json',
    read: async ({ db }, userId) =>
      (
        await db
          .selectFrom('securityLogs')
          .select(['eventType', 'success', 'errorMessage', 'ipAddress', 'userAgent', 'createdAt'])
          .where('userId', '=', userId)
          .orderBy('createdAt')
          .execute()
      ).map((row) => ({ ...row, success: row.success === 1, createdAt: iso(row.createdAt) })),
  },
];
