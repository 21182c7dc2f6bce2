import { z } from 'zod';
import type { PlatformId } from '../platforms/ids.js';
import { CreatePostInput, type MediaDto, type PostAccountSummary, type TweetDto } from '../posts/api.js';
import type { PostStatus } from '../posts/constants.js';

/** Limits of the queues feature. The spec's web app always sends 24 hours; the API takes 1 to 720. */
export const QUEUE_LIMITS = {
  nameMax: 100,
  descriptionMax: 500,
  intervalMinHours: 1,
  intervalMaxHours: 720,
  defaultIntervalHours: 24,
  queuesPerUser: 50,
  itemsPerQueue: 100,
  runTimesMax: 24,
} as const;

/**
 * When a queue runs: every N hours (the spec's rhythm), at times of day the user chose on chosen
 * weekdays, or at the posting schedule's times (the default schedule, or an account's own).
 * Times are the user's zone's wall clock.
 */
export const QUEUE_RUN_MODES = ['interval', 'times', 'schedule'] as const;
export type QueueRunMode = (typeof QUEUE_RUN_MODES)[number];
export const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * Spec 02 section 8 (Queues) word for word, then this product's own messages where the spec is
 * silent (item editing, ordering, runs).
 */
export const QUEUE_MESSAGES = {
  notAuthenticated: 'Not authenticated',
  fetchFailed: 'Failed to fetch queues',
  createFailed: 'Failed to create queue',
  updateFailed: 'Failed to update queue',
  toggleFailed: 'Failed to toggle queue',
  deleteFailed: 'Failed to delete queue',
  queueNotFound: 'Queue not found',
  itemNotFound: 'Queue item not found',
  nameRequired: 'Please enter a queue name.',
  nameTooLong: `The queue name can be at most ${QUEUE_LIMITS.nameMax} characters.`,
  descriptionTooLong: `The description can be at most ${QUEUE_LIMITS.descriptionMax} characters.`,
  intervalInvalid: `The interval must be a whole number of hours from ${QUEUE_LIMITS.intervalMinHours} to ${QUEUE_LIMITS.intervalMaxHours}.`,
  nothingToUpdate: 'Nothing to update.',
  runModeInvalid: 'Please choose when the queue posts.',
  runTimeInvalid: 'Please enter each time of day as HH:MM (00:00 to 23:59).',
  runTimesRequired: 'Choose at least one time of day.',
  runTimesTooMany: `A queue can post at most ${QUEUE_LIMITS.runTimesMax} times a day.`,
  runDaysRequired: 'Choose at least one day of the week.',
  runDayInvalid: 'Days are numbered 0 (Sunday) to 6 (Saturday).',
  noPostingTimes: 'Your posting schedule has no times. Add times on the Posting Schedule page first.',
  accountNotFound: 'Account not found',
  noItemToPostNow: 'Add an item to the queue first.',
  nothingCanPostNow:
    'No item can be posted right now: each one waits for its account to be reconnected, or for the 24 hours in which its platform refuses the same text.',
  postingNow: 'Posting the next item now',
  postNowFailed: 'Failed to post the next item',
  tooManyQueues: `You can have at most ${QUEUE_LIMITS.queuesPerUser} queues. Delete one to create another.`,
  tooManyItems: `A queue can hold at most ${QUEUE_LIMITS.itemsPerQueue} items.`,
  orderMismatch: 'The new order must list every item of the queue exactly once.',
  finished: 'Every item of this one-time queue has been published. Add an item to run it again.',
  queueCreated: 'Queue created successfully!',
  queueUpdated: 'Queue updated successfully!',
  queueDeleted: 'Queue deleted successfully!',
  queuePaused: 'Queue paused',
  queueResumed: 'Queue resumed',
  itemAdded: 'Item added to the queue',
  itemUpdated: 'Item updated',
  itemDeleted: 'Item deleted',
  addItemFailed: 'Failed to add item',
  updateItemFailed: 'Failed to update item',
  deleteItemFailed: 'Failed to delete item',
  reorderFailed: 'Failed to reorder items',
} as const;

/** Why a run passed over an item (shown on the item; the first two also notify the user). */
export const QUEUE_SKIP_REASONS = {
  disconnected: 'Skipped: the account is disconnected. Choose a connected account for this item.',
  reconnect: 'Skipped: the account needs to be reconnected.',
  duplicate: (platformName: string) =>
    `Skipped: ${platformName} refuses the same text from an account within 24 hours.`,
} as const;

const Name = z
  .string({ error: QUEUE_MESSAGES.nameRequired })
  .trim()
  .min(1, QUEUE_MESSAGES.nameRequired)
  .max(QUEUE_LIMITS.nameMax, QUEUE_MESSAGES.nameTooLong);
const Description = z
  .string({ error: QUEUE_MESSAGES.descriptionTooLong })
  .trim()
  .max(QUEUE_LIMITS.descriptionMax, QUEUE_MESSAGES.descriptionTooLong);
const IntervalHours = z
  .number({ error: QUEUE_MESSAGES.intervalInvalid })
  .int(QUEUE_MESSAGES.intervalInvalid)
  .min(QUEUE_LIMITS.intervalMinHours, QUEUE_MESSAGES.intervalInvalid)
  .max(QUEUE_LIMITS.intervalMaxHours, QUEUE_MESSAGES.intervalInvalid);

const RunMode = z.enum(QUEUE_RUN_MODES, { error: QUEUE_MESSAGES.runModeInvalid });
const RunTimes = z
  .array(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUEUE_MESSAGES.runTimeInvalid), {
    error: QUEUE_MESSAGES.runTimeInvalid,
  })
  .max(QUEUE_LIMITS.runTimesMax, QUEUE_MESSAGES.runTimesTooMany)
  .transform((times) => [...new Set(times)].sort());
const RunDays = z
  .array(
    z
      .number()
      .int(QUEUE_MESSAGES.runDayInvalid)
      .min(0, QUEUE_MESSAGES.runDayInvalid)
      .max(6, QUEUE_MESSAGES.runDayInvalid),
    {
      error: QUEUE_MESSAGES.runDayInvalid,
    },
  )
  .max(7, QUEUE_MESSAGES.runDayInvalid)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));
const ScheduleAccountId = z.string().trim().min(1).max(100);

/** What makes a queue's rhythm unusable, with the field to point at; null when it is fine. */
export function rhythmProblem(rhythm: {
  runMode: QueueRunMode;
  runTimes: readonly string[];
  runDays: readonly number[];
}): { field: 'runTimes' | 'runDays'; message: string } | null {
  if (rhythm.runMode !== 'times') return null;
  if (rhythm.runTimes.length === 0) return { field: 'runTimes', message: QUEUE_MESSAGES.runTimesRequired };
  if (rhythm.runDays.length === 0) return { field: 'runDays', message: QUEUE_MESSAGES.runDaysRequired };
  return null;
}

/** When a queue runs, as a new queue is given it (and as "next run" previews read it). */
const RhythmFields = {
  intervalHours: IntervalHours.default(QUEUE_LIMITS.defaultIntervalHours),
  runMode: RunMode.default('interval'),
  runTimes: RunTimes.default([]),
  runDays: RunDays.default([...ALL_DAYS]),
  /** 'schedule' mode: this account's posting times (its own, else the default); null: the default. */
  scheduleAccountId: ScheduleAccountId.nullish().transform((value) => value ?? null),
};

function checkRhythm(input: Parameters<typeof rhythmProblem>[0], ctx: z.RefinementCtx) {
  const problem = rhythmProblem(input);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
}

export const QueueRhythmInput = z.object(RhythmFields).superRefine(checkRhythm);
export type QueueRhythmInput = z.infer<typeof QueueRhythmInput>;
export type QueueRhythmBody = z.input<typeof QueueRhythmInput>;

export const CreateQueueInput = z
  .object({
    name: Name,
    description: Description.nullish().transform((value) => value ?? ''),
    isRepeatable: z.boolean().default(false),
    ...RhythmFields,
  })
  .superRefine(checkRhythm);
export type CreateQueueInput = z.infer<typeof CreateQueueInput>;
export type CreateQueueBody = z.input<typeof CreateQueueInput>;

/** Edit fields and play/pause (`isActive`) share one update, as the spec's "update by id". */
export const UpdateQueueInput = z
  .object({
    name: Name.optional(),
    description: Description.nullish(),
    isRepeatable: z.boolean().optional(),
    intervalHours: IntervalHours.optional(),
    runMode: RunMode.optional(),
    runTimes: RunTimes.optional(),
    runDays: RunDays.optional(),
    scheduleAccountId: ScheduleAccountId.nullable().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: QUEUE_MESSAGES.nothingToUpdate,
  });
export type UpdateQueueInput = z.infer<typeof UpdateQueueInput>;

/** An item is a post for one account: the composer's fields without an action or a time. */
export const QueueItemInput = CreatePostInput.omit({ action: true, scheduledAt: true });
export type QueueItemInput = z.infer<typeof QueueItemInput>;
export type QueueItemBody = z.input<typeof QueueItemInput>;

export const UpdateQueueItemInput = QueueItemInput.partial();
export type UpdateQueueItemInput = z.infer<typeof UpdateQueueItemInput>;

export const ReorderQueueItemsInput = z.object({
  itemIds: z.array(z.string().trim().min(1).max(100)).min(1).max(QUEUE_LIMITS.itemsPerQueue),
});
export type ReorderQueueItemsInput = z.infer<typeof ReorderQueueItemsInput>;

/** active: runs on its rhythm; paused: by the user; finished: a one-time queue published every item. */
export type QueueStatus = 'active' | 'paused' | 'finished';

export interface QueueItemLastPost {
  id: string;
  status: PostStatus;
  scheduledAt: string | null;
  postedAt: string | null;
  /** The post's address on its platform, once published. */
  url: string | null;
  errorMessage: string | null;
}

export interface QueueItemDto {
  id: string;
  queueId: string;
  socialAccountId: string | null;
  platform: PlatformId;
  postType: string;
  content: string;
  media: MediaDto[];
  tweets: TweetDto[] | null;
  metadata: Record<string, unknown>;
  position: number;
  /** Null when the account was disconnected (the item is skipped until another is chosen). */
  account: PostAccountSummary | null;
  accountStatus: 'active' | 'needs_reconnect' | 'disconnected';
  runCount: number;
  /** When the latest run sent (or will send) this item. */
  lastRunAt: string | null;
  lastPost: QueueItemLastPost | null;
  skippedAt: string | null;
  skipReason: string | null;
  /** The item the next run starts with. */
  isNext: boolean;
  /** One-time queues: the item has had its one run. */
  isDone: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface QueueDto {
  id: string;
  name: string;
  description: string;
  isRepeatable: boolean;
  intervalHours: number;
  runMode: QueueRunMode;
  /** 'times' mode: 'HH:MM' in the user's zone, sorted. */
  runTimes: string[];
  /** 'times' mode: 0 = Sunday ... 6 = Saturday. */
  runDays: number[];
  /** 'schedule' mode: whose posting times; null for the default schedule. */
  scheduleAccountId: string | null;
  isActive: boolean;
  status: QueueStatus;
  /** Why Postloom paused the queue (the trial or subscription ended); null when the user did. */
  pausedReason: string | null;
  /** When it runs next (also while it holds no item yet); null when finished or without times. */
  nextRun: string | null;
  lastRunAt: string | null;
  items: QueueItemDto[];
  createdAt: string;
  updatedAt: string;
}
