import type { Selectable } from 'kysely';

/** Tables of feeds (feeds); the Database interface in ../schema.ts lists every table. */

/** A feed whose new items become queue items or drafts (shared/feeds/api.ts). */
export interface FeedsTable {
  id: string;
  userId: string;
  url: string;
  title: string;
  target: 'queue' | 'drafts';
  queueId: string | null;
  /** JSON array of social account ids. */
  accountIds: string;
  template: string;
  takeImage: number;
  etag: string | null;
  lastModified: string | null;
  status: 'active' | 'paused';
  /** Why Postloom paused it (five failed checks); null when the user did. */
  pausedReason: string | null;
  consecutiveFailures: number;
  lastCheckedAt: number | null;
  /** The last check that read the feed; null until the first (which takes only the newest 3). */
  lastSuccessAt: number | null;
  lastError: string | null;
  lastItemProblem: string | null;
  itemsTaken: number;
  /** A check in progress holds the feed until then (epoch ms). */
  checkingUntil: number | null;
  createdAt: number;
  updatedAt: number;
}

/** An item a feed has shown, by 'guid:...' and by 'link:...'. */
export interface FeedSeenItemsTable {
  feedId: string;
  itemKey: string;
  seenAt: number;
}

export type FeedRow = Selectable<FeedsTable>;
