import type { Generated, Selectable } from 'kysely';

/** Tables of automated queues (queues); the Database interface in ../schema.ts lists every table. */

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

export interface QueueItemMediaTable {
  itemId: string;
  mediaId: string;
}

export type QueueRow = Selectable<QueuesTable>;

export type QueueItemRow = Selectable<QueueItemsTable>;
