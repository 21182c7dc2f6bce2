// Posts as the API answers them, as zod schemas: the OpenAPI document shows them, and the
// handlers answer through `reply` with the same ones (tsc checks the DTOs fit).
import { z } from 'zod';
import { PLATFORM_IDS } from '../../shared/platforms/ids.js';
import type { CalendarPostDto, PostUrlResult } from '../../shared/posts/api.js';
import { POST_STATUSES } from '../../shared/posts/constants.js';
import { PostSchema } from '../../shared/posts/post-schemas.js';

export const PostAnswer = z.object({ post: PostSchema });

export const CalendarAnswer = z.object({
  posts: z.array(
    z.object({
      id: z.string(),
      platform: z.enum(PLATFORM_IDS),
      socialAccountId: z.string().nullable(),
      status: z.enum(POST_STATUSES),
      atMs: z.number().describe('When it shows, in epoch milliseconds'),
      postType: z.string(),
      preview: z.string(),
      mediaCount: z.number().int(),
      platformPostUrl: z.string().nullable(),
      errorMessage: z.string().nullable(),
      groupId: z.string().nullable(),
    }) satisfies z.ZodType<CalendarPostDto>,
  ),
});

export const PostUrlAnswer = z.union([
  z.object({ url: z.string() }),
  z.object({ action: z.literal('reauthenticate'), error: z.string() }),
]) satisfies z.ZodType<PostUrlResult>;
