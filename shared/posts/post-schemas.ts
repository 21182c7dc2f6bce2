// A post and its media as the API answers them (GET /api/posts/{id} and every list of posts), as
// zod schemas for the OpenAPI document; tsc checks that the DTO interfaces fit them.
import { z } from 'zod';
import { PLATFORM_IDS } from '../platforms/ids.js';
import type { MediaDto, PostDto } from './api.js';
import { POST_STATUSES } from './constants.js';

export const MediaSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  kind: z.enum(['image', 'video', 'document', 'audio']),
  sizeBytes: z.number().int(),
  url: z.string().describe('Owner-only address: /api/media/{id}'),
  createdAt: z.string(),
}) satisfies z.ZodType<MediaDto>;

export const PostAccountSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORM_IDS),
  accountName: z.string(),
  accountHandle: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

/** One part of an X thread. */
export const TweetSchema = z.object({ content: z.string(), media: z.array(MediaSchema) });

export const PostSchema = z
  .object({
    id: z.string(),
    socialAccountId: z.string().nullable(),
    platform: z.enum(PLATFORM_IDS),
    content: z.string(),
    status: z.enum(POST_STATUSES),
    isDraft: z.boolean(),
    scheduledAt: z.string().nullable(),
    postedAt: z.string().nullable(),
    postType: z.string(),
    media: z.array(MediaSchema),
    tweets: z.array(TweetSchema).nullable(),
    metadata: z.record(z.string(), z.unknown()),
    platformPostId: z.string().nullable(),
    platformPostUrl: z.string().nullable(),
    errorMessage: z.string().nullable(),
    account: PostAccountSchema.nullable(),
    metrics: z
      .object({
        likes: z.number(),
        comments: z.number(),
        shares: z.number(),
        views: z.number(),
        engagement: z.number(),
        readAt: z.string(),
      })
      .nullable()
      .describe("Published posts: the platform's numbers as last read"),
    groupId: z.string().nullable(),
    customized: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Post' }) satisfies z.ZodType<PostDto>;
