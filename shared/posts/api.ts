import { z } from 'zod';
import { PLATFORM_IDS, type PlatformId } from '../platforms/ids.js';
import type { MediaKind } from '../platforms/platform-info.js';
import {
  POST_PAGE_SIZE,
  POST_SORTS,
  POST_STATUSES,
  type PostStatus,
  SENT_DATE_FILTERS,
  UPCOMING_DATE_FILTERS,
} from './constants.js';
import type { PostAction } from './validate-post.js';

export type { PostStatus } from './constants.js';
export type { MediaKind };

/**
 * Add to next free time: the post goes into its account's next free posting time, checked like
 * 'schedule'. Its wire value stays 'queue' (the composers' button reads "Add to queue"); it is not
 * an automated queue (shared/queues).
 */
export const ADD_TO_NEXT_FREE_TIME = 'queue';

/** What a save asks for. */
export const POST_ACTIONS = ['draft', 'schedule', 'publish', ADD_TO_NEXT_FREE_TIME] as const;
export type PostRequestAction = (typeof POST_ACTIONS)[number];
export type { PostAction };

/** The validation rules a requested action follows. */
export function validationAction(action: PostRequestAction): PostAction {
  return action === ADD_TO_NEXT_FREE_TIME ? 'schedule' : action;
}

export const POSTS_PAGE_SIZE = POST_PAGE_SIZE;

export const POST_MESSAGES = {
  accountNotFound: 'Account not found',
  postNotFound: 'Post not found',
  mediaNotFound: 'Media not found',
  scheduleInPast: 'The scheduled time must be in the future.',
  scheduleMissing: 'Please choose a date and time to schedule the post.',
  alreadyPosted: 'This post has already been published and can no longer be edited.',
  beingPublished: 'This post is being published right now. Please try again in a moment.',
  noPostUrl: 'No post URL found',
  reauthenticate: 'Your account needs to be reconnected. Please reconnect your account.',
  mediaInUse: 'This media file is attached to a post. Delete the post or remove the file from it first.',
  mediaDeleted: 'Media deleted successfully!',
} as const;

const Id = z.string().trim().min(1).max(100);

export const TweetInput = z.object({
  content: z.string().max(100_000).default(''),
  media: z.array(Id).max(50).default([]),
});
export type TweetInput = z.infer<typeof TweetInput>;

const PostFields = {
  socialAccountId: Id,
  postType: z.string().trim().min(1).max(40),
  content: z.string().max(100_000),
  media: z.array(Id).max(50),
  /** X threads and Threads reply chains: the first item is the post itself. */
  tweets: z.array(TweetInput).max(50).nullable(),
  metadata: z.record(z.string(), z.unknown()),
  action: z.enum(POST_ACTIONS),
  scheduledAt: z.iso.datetime({ offset: true, error: 'Please enter a valid date and time.' }).nullable(),
};

export const CreatePostInput = z.object({
  socialAccountId: PostFields.socialAccountId,
  /** Absent: the platform's default type (normal; video on TikTok; single/thread on X from the tweets). */
  postType: PostFields.postType.optional(),
  content: PostFields.content.default(''),
  media: PostFields.media.default([]),
  tweets: PostFields.tweets.optional(),
  metadata: PostFields.metadata.default({}),
  action: PostFields.action,
  scheduledAt: PostFields.scheduledAt.optional(),
});
export type CreatePostInput = z.infer<typeof CreatePostInput>;

/** The same fields as creation, all optional; the row keeps what is not sent. */
export const UpdatePostInput = z.object({
  socialAccountId: PostFields.socialAccountId.optional(),
  postType: PostFields.postType.optional(),
  content: PostFields.content.optional(),
  media: PostFields.media.optional(),
  tweets: PostFields.tweets.optional(),
  metadata: PostFields.metadata.optional(),
  action: PostFields.action.optional(),
  scheduledAt: PostFields.scheduledAt.optional(),
});
export type UpdatePostInput = z.infer<typeof UpdatePostInput>;

/**
 * `POST /api/posts/identical`: does the same text go out from this account within a day of `at`?
 * The composer warns before a post its platform would refuse as a repeat (platforms/posting-rules.ts).
 */
export const IdenticalPostQuery = z.object({
  socialAccountId: PostFields.socialAccountId,
  content: PostFields.content,
  hasMedia: z.boolean().default(false),
  at: PostFields.scheduledAt.default(null).describe('When this post goes out; null for now.'),
  excludePostId: Id.optional().describe('The post being edited, not compared with itself.'),
});
export type IdenticalPostQuery = z.infer<typeof IdenticalPostQuery>;

export const IdenticalPostResult = z.object({
  /** When the identical post goes (or went) out; null when there is none or the platform allows repeats. */
  identicalAt: z.string().nullable(),
});
export type IdenticalPostResult = z.infer<typeof IdenticalPostResult>;

/**
 * One connected account's posts only. The id must be one of the signed-in user's accounts:
 * another user's (or an unknown) id answers 404 'Account not found', never an empty list.
 */
const AccountFilter = z
  .string()
  .max(100)
  .optional()
  .transform((value) => value || undefined)
  .describe("A connected account's id: only its posts. Another user's account answers 404.");

export const ListPostsQuery = z.object({
  view: z.enum(['upcoming', 'sent']).default('upcoming'),
  search: z.string().trim().max(500).optional(),
  platform: z.union([z.enum(PLATFORM_IDS), z.literal(''), z.literal('all')]).optional(),
  accountId: AccountFilter,
  status: z.union([z.enum(POST_STATUSES), z.literal(''), z.literal('all')]).optional(),
  range: z.union([z.enum(UPCOMING_DATE_FILTERS), z.enum(SENT_DATE_FILTERS)]).default('all'),
  sort: z.enum(POST_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type ListPostsQuery = z.infer<typeof ListPostsQuery>;

export interface MediaDto {
  id: string;
  fileName: string;
  originalName: string;
  mimeType: string;
  kind: MediaKind;
  sizeBytes: number;
  /** Owner-only address: `/api/media/<id>`. */
  url: string;
  createdAt: string;
}

export interface PostAccountSummary {
  id: string;
  platform: PlatformId;
  accountName: string;
  accountHandle: string | null;
  avatarUrl: string | null;
}

export interface TweetDto {
  content: string;
  media: MediaDto[];
}

/** The latest numbers the analytics collector read for a published post. */
export interface PostMetricsDto {
  likes: number;
  comments: number;
  shares: number;
  views: number;
  engagement: number;
  readAt: string;
}

export interface PostDto {
  id: string;
  socialAccountId: string | null;
  platform: PlatformId;
  content: string;
  status: PostStatus;
  isDraft: boolean;
  scheduledAt: string | null;
  postedAt: string | null;
  postType: string;
  media: MediaDto[];
  tweets: TweetDto[] | null;
  metadata: Record<string, unknown>;
  platformPostId: string | null;
  platformPostUrl: string | null;
  errorMessage: string | null;
  account: PostAccountSummary | null;
  /** Published posts: the platform's numbers as last read (null until the first read). */
  metrics: PostMetricsDto | null;
  /** The post group (one post composed for several accounts) this post belongs to; null for a lone post. */
  groupId: string | null;
  /** In a group: this version has its own text instead of the group's shared text. */
  customized: boolean;
  createdAt: string;
  updatedAt: string;
}

export type PostUrlResult = { url: string } | { action: 'reauthenticate'; error: string };

/** '{Draft or Post} and associated media deleted successfully!' (spec 02 section 8). */
export function deletedPostMessage(isDraft: boolean): string {
  return `${isDraft ? 'Draft' : 'Post'} and associated media deleted successfully!`;
}

/** Spec 02 section 9: the calendar shows sent posts of the last 30 days. */
export const CALENDAR_SENT_DAYS = 30;
/** One request covers at most a six-week month grid, with room for time zones. */
export const CALENDAR_MAX_RANGE_DAYS = 45;

export const CalendarQuery = z.object({
  from: z.iso.datetime({ offset: true, error: 'Please give the range as ISO dates.' }),
  to: z.iso.datetime({ offset: true, error: 'Please give the range as ISO dates.' }),
  accountId: AccountFilter,
});
export type CalendarQuery = z.infer<typeof CalendarQuery>;

/**
 * A post as a calendar cell shows it; the details dialog reads the whole post by id. A month
 * holds thousands, so it carries only what the cells use, and a member with no value is left out.
 */
export interface CalendarPostDto {
  id: string;
  platform: PlatformId;
  status: PostStatus;
  /**
   * When it shows on the calendar, in epoch milliseconds: posted_at for sent posts, scheduled_at
   * otherwise. A number, not an ISO string: the server does not format thousands of dates per month.
   */
  atMs: number;
  /** The first characters of the text (spec: the first 15 are shown). */
  preview: string;
  /** Absent once its account is removed. */
  socialAccountId?: string;
  platformPostUrl?: string;
  errorMessage?: string;
  /** The post group it belongs to (the calendar shows a group as one chip); absent for a lone post. */
  groupId?: string;
}
