// Posts as the API answers them, as zod schemas: the OpenAPI document shows them, and the
// handlers answer through `reply` with the same ones (tsc checks the DTOs fit).
import { z } from 'zod';
import { PLATFORM_IDS } from '../../shared/platforms/ids.js';
import type { CalendarPostDto, PostUrlResult } from '../../shared/posts/api.js';
import { CALENDAR_PREVIEW_CODE_POINTS, POST_STATUSES } from '../../shared/posts/constants.js';
import { PostSchema } from '../../shared/posts/post-schemas.js';

export const PostAnswer = z.object({ post: PostSchema });

export const CalendarAnswer = z.object({
  posts: z.array(
    z.object({
      id: z.string(),
      platform: z.enum(PLATFORM_IDS),
      status: z.enum(POST_STATUSES),
      atMs: z.number().describe('When it shows, in epoch milliseconds'),
      preview: z.string().describe(`The text's first ${CALENDAR_PREVIEW_CODE_POINTS} code points`),
      socialAccountId: z.string().optional().describe('Absent once its account is removed'),
      platformPostUrl: z.string().optional(),
      errorMessage: z.string().optional(),
      groupId: z.string().optional().describe('Absent for a lone post'),
    }) satisfies z.ZodType<CalendarPostDto>,
  ),
});

export const PostUrlAnswer = z.union([
  z.object({ url: z.string() }),
  z.object({ action: z.literal('reauthenticate'), error: z.string() }),
]) satisfies z.ZodType<PostUrlResult>;
