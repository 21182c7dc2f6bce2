// `/api/queues` answers as zod schemas for the OpenAPI document; the handlers answer through
// `reply` with the same ones (tsc checks the DTOs fit).
import { z } from 'zod';
import { PLATFORM_IDS } from '../../shared/platforms/ids.js';
import { POST_STATUSES } from '../../shared/posts/constants.js';
import { MediaSchema, PostAccountSchema, TweetSchema } from '../../shared/posts/post-schemas.js';
import { QUEUE_RUN_MODES, type QueueDto } from '../../shared/queues/api.js';

const QueueItemSchema = z.object({
  id: z.string(),
  queueId: z.string(),
  socialAccountId: z.string().nullable(),
  platform: z.enum(PLATFORM_IDS),
  postType: z.string(),
  content: z.string(),
  media: z.array(MediaSchema),
  tweets: z.array(TweetSchema).nullable(),
  metadata: z.record(z.string(), z.unknown()),
  position: z.number().int(),
  account: PostAccountSchema.nullable().describe('null when the account was disconnected'),
  accountStatus: z.enum(['active', 'needs_reconnect', 'disconnected']),
  runCount: z.number().int(),
  lastRunAt: z.string().nullable(),
  lastPost: z
    .object({
      id: z.string(),
      status: z.enum(POST_STATUSES),
      scheduledAt: z.string().nullable(),
      postedAt: z.string().nullable(),
      url: z.string().nullable(),
      errorMessage: z.string().nullable(),
    })
    .nullable(),
  skippedAt: z.string().nullable(),
  skipReason: z.string().nullable(),
  isNext: z.boolean(),
  isDone: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const QueueSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    isRepeatable: z.boolean(),
    intervalHours: z.number(),
    runMode: z.enum(QUEUE_RUN_MODES),
    runTimes: z.array(z.string()).describe("'times' mode: 'HH:MM' in the user's zone"),
    runDays: z.array(z.number().int()).describe("'times' mode: 0 = Sunday ... 6 = Saturday"),
    scheduleAccountId: z.string().nullable(),
    isActive: z.boolean(),
    status: z.enum(['active', 'paused', 'finished']),
    pausedReason: z.string().nullable(),
    nextRun: z.string().nullable(),
    lastRunAt: z.string().nullable(),
    items: z.array(QueueItemSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Queue' }) satisfies z.ZodType<QueueDto>;

export const QueueAnswer = z.object({ queue: QueueSchema });
export const QueuesAnswer = z.object({ queues: z.array(QueueSchema) });
export const NextRunAnswer = z.object({ nextRun: z.string().nullable() });
export const RunNowAnswer = z.object({ queue: QueueSchema, postId: z.string() });
export const ItemAddedAnswer = z.object({ queue: QueueSchema, item: QueueItemSchema.nullable() });
export const ItemDeletedAnswer = z.object({ queue: QueueSchema, message: z.string() });
