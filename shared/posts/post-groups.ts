import { z } from 'zod';
import { PLATFORM_IDS } from '../platforms/ids.js';
import { type MediaDto, POST_ACTIONS, type PostDto, TweetInput } from './api.js';
import { MediaSchema, PostSchema } from './post-schemas.js';

/**
 * The post group API (issue 23): one shared text and media composed once, one ordinary post per
 * chosen account, linked by a group. Every post keeps its own status, attempts, URL and analytics.
 *
 * A version (one account's post) that is not customised follows the shared text and media as it
 * goes out on its platform (post-group-rules.ts `versionFor`); a customised one has its own text,
 * media and X thread. Post type and settings (metadata) are per version either way.
 */

const Id = z.string().trim().min(1).max(100);

export const POST_GROUP_MAX_ACCOUNTS = 50;

export const POST_GROUP_MESSAGES = {
  groupNotFound: 'Post group not found',
  noAccounts: 'Please choose at least one account to post to.',
  duplicateAccount: 'Each account can be chosen only once.',
  versionTarget: 'A version is for one platform or one account: give exactly one of platform and accountId.',
  versionNotChosen: 'This version is for an account that is not chosen.',
  nothingToDelete: 'Every post of this group has already been published.',
} as const;

/** "All not yet sent" deleted: 'Post and ...' for one post, '3 posts and ...' for several. */
export function deletedGroupMessage(count: number): string {
  return count === 1
    ? 'Post and associated media deleted successfully!'
    : `${count} posts and associated media deleted successfully!`;
}

export const SharedContentInput = z.object({
  content: z.string().max(100_000).default(''),
  media: z.array(Id).max(50).default([]),
  /** A link for every version: appended to the text, or LinkedIn's article URL for article posts. */
  link: z.string().trim().max(2_000).nullable().optional(),
});
export type SharedContentInput = z.infer<typeof SharedContentInput>;

/**
 * One network's (`platform`) or one account's (`accountId`) version; an account's own version wins
 * over its network's. `customized: false` follows the shared text and media (content, media and
 * tweets here are then ignored); postType and metadata apply either way.
 */
export const VersionOverrideInput = z
  .object({
    platform: z.enum(PLATFORM_IDS).optional(),
    accountId: Id.optional(),
    customized: z.boolean().default(false),
    content: z.string().max(100_000).optional(),
    media: z.array(Id).max(50).optional(),
    /** X threads and Threads reply chains (customised versions only): the first item is the post itself. */
    tweets: z.array(TweetInput).max(50).nullable().optional(),
    postType: z.string().trim().min(1).max(40).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((version) => (version.platform === undefined) !== (version.accountId === undefined), {
    message: POST_GROUP_MESSAGES.versionTarget,
  });
export type VersionOverrideInput = z.infer<typeof VersionOverrideInput>;

/** 'queue' is "Add to queue": each account's own next free posting time (see ADD_TO_NEXT_FREE_TIME). */
export const POST_GROUP_ACTIONS = POST_ACTIONS;

export const CreatePostGroupInput = z.object({
  accountIds: z.array(Id).min(1, POST_GROUP_MESSAGES.noAccounts).max(POST_GROUP_MAX_ACCOUNTS),
  shared: SharedContentInput,
  versions: z.array(VersionOverrideInput).max(200).default([]),
  action: z.enum(POST_GROUP_ACTIONS),
  scheduledAt: z.iso
    .datetime({ offset: true, error: 'Please enter a valid date and time.' })
    .nullable()
    .optional(),
});
export type CreatePostGroupInput = z.infer<typeof CreatePostGroupInput>;

/**
 * An edit of a group. Sent (and publishing) versions are read-only. `shared`: the new shared text,
 * which updates every version not customised and not yet sent. `versions`: overrides for the unsent
 * versions they target (customized: false resets a version to the shared text). `accountIds`: the
 * accounts now chosen: new ones get a post, unsent posts of accounts left out are deleted.
 * `action` (+ `scheduledAt`): reschedule, queue, save as draft or publish every unsent version.
 */
export const UpdatePostGroupInput = z.object({
  accountIds: z.array(Id).min(1, POST_GROUP_MESSAGES.noAccounts).max(POST_GROUP_MAX_ACCOUNTS).optional(),
  shared: SharedContentInput.optional(),
  versions: z.array(VersionOverrideInput).max(200).optional(),
  action: z.enum(POST_GROUP_ACTIONS).optional(),
  scheduledAt: z.iso
    .datetime({ offset: true, error: 'Please enter a valid date and time.' })
    .nullable()
    .optional(),
});
export type UpdatePostGroupInput = z.infer<typeof UpdatePostGroupInput>;

export const DeletePostGroupQuery = z.object({
  /** 'unsent': every post of the group not yet published ("All not yet sent"); the only scope. */
  scope: z.enum(['unsent']).default('unsent'),
});
export type DeletePostGroupQuery = z.infer<typeof DeletePostGroupQuery>;

export interface SharedContentDto {
  content: string;
  /** Media ids, in order (each post's `media` carries the full media of its version). */
  media: string[];
  link: string | null;
  /** The shared media themselves, in order (an editor shows them even when every version is customised). */
  files: MediaDto[];
}

/**
 * A group and its posts (one per account; `socialAccountId` is the account, `customized` whether
 * the version has its own text, `groupId` the group). After Post Now each post is as its attempt
 * left it: `status` 'posted' with its URL, or 'failed' with its `errorMessage`, per account.
 */
export interface PostGroupDto {
  id: string;
  shared: SharedContentDto;
  posts: PostDto[];
  createdAt: string;
  updatedAt: string;
}

export interface PostGroupResult {
  group: PostGroupDto;
  /**
   * What would stop each version from being scheduled or published. Only a draft is saved with
   * problems (Save as draft keeps everything); any other action with a problem is refused.
   */
  problems: VersionProblemDto[];
}

export interface DeletePostGroupResult {
  /** How many posts were deleted (sent ones stay). */
  deleted: number;
  message: string;
}

/**
 * One version's problem. A refused create or edit answers 400 `validation_error` whose message is
 * the first problem and whose `details.problems` lists every one, per account.
 */
export interface VersionProblemDto {
  accountId: string;
  platform: (typeof PLATFORM_IDS)[number];
  field: string;
  message: string;
}

// Answer schemas, for the OpenAPI document (the interfaces above are the TypeScript types).

const VersionProblemSchema = z.object({
  accountId: z.string(),
  platform: z.enum(PLATFORM_IDS),
  field: z.string(),
  message: z.string(),
});

/** One account's version: a post, every field of GET /api/posts/{id}. */
export const GroupPostSchema = PostSchema;

export const PostGroupResultSchema = z.object({
  group: z.object({
    id: z.string(),
    shared: z.object({
      content: z.string(),
      media: z.array(z.string()),
      link: z.string().nullable(),
      files: z.array(MediaSchema).describe('The shared media files, in order (as in GET /api/posts/{id}).'),
    }),
    posts: z.array(GroupPostSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  problems: z.array(VersionProblemSchema),
});

export const DeletePostGroupResultSchema = z.object({ deleted: z.number().int(), message: z.string() });
