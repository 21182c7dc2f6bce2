import type { Generated, Selectable } from 'kysely';

/** Tables of posts and their publish attempts (posts, publishing); the Database interface in ../schema.ts lists every table. */

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
  /** The post group this post is one account's version of (issue 23), or null for a lone post. */
  groupId: string | null;
  /** 1: the version has its own text; 0: it follows the group's shared text. */
  customized: Generated<number>;
  createdAt: number;
  updatedAt: number;
}

/** A post composed once for several accounts: what every version follows until customised. */
export interface PostGroupsTable {
  id: string;
  userId: string;
  content: string;
  /** JSON array of media ids. */
  media: string;
  link: string | null;
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
  /** The claim the attempt ran under (the post's lease owner then: `<workers.id>:<number>`). */
  claim: Generated<string | null>;
}

export type ScheduledPostRow = Selectable<ScheduledPostsTable>;
export type PostGroupRow = Selectable<PostGroupsTable>;
