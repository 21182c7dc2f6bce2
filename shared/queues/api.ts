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
} as const;

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

export const CreateQueueInput = z.object({
  name: Name,
  description: Description.nullish().transform((value) => value ?? ''),
  isRepeatable: z.boolean().default(false),
  intervalHours: IntervalHours.default(QUEUE_LIMITS.defaultIntervalHours),
});
export type CreateQueueInput = z.infer<typeof CreateQueueInput>;
export type CreateQueueBody = z.input<typeof CreateQueueInput>;

/** Edit fields and play/pause (`isActive`) share one update, as the spec's "update by id". */
export const UpdateQueueInput = z
  .object({
    name: Name.optional(),
    description: Description.nullish(),
    isRepeatable: z.boolean().optional(),
    intervalHours: IntervalHours.optional(),
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
  isActive: boolean;
  status: QueueStatus;
  /** Why Postloom paused the queue (the trial or subscription ended); null when the user did. */
  pausedReason: string | null;
  nextRun: string | null;
  lastRunAt: string | null;
  items: QueueItemDto[];
  createdAt: string;
  updatedAt: string;
}
