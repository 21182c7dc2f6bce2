import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { errorResponse, errorResponses, jsonResponse, reply } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { toPostDto } from '../posts/post-dto.js';
import { PostAnswer } from '../posts/posts.openapi.js';
import { listAttemptsForUser } from './list-attempts.js';
import { getCreatorInfo, lookupMentions } from './platform-helpers.js';

const IdParam = z.object({ id: z.string().min(1) });
const MentionQuery = z.object({ query: z.string().max(50).default('') });
const tags = ['publishing'];

const AttemptsAnswer = z.object({
  attempts: z.array(
    z.object({
      attemptNo: z.number().int(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      outcome: z.string().nullable(),
      httpStatus: z.number().int().nullable(),
      error: z.string().nullable(),
    }),
  ),
});
const CreatorInfoAnswer = z.object({
  privacyLevelOptions: z.array(z.string()),
  commentDisabled: z.boolean(),
  duetDisabled: z.boolean(),
  stitchDisabled: z.boolean(),
  maxVideoPostDurationSec: z.number().nullable(),
});
const MentionsAnswer = z.object({
  users: z.array(z.object({ id: z.string(), username: z.string(), name: z.string() })).max(5),
});
const noAccount = errorResponse(404, "not_found: the account is not one of the user's");

/** Post Now and what the engine knows about a post. Mounted at /api/posts. */
export function createPublishingRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .post(
      '/:id/publish',
      describeRoute({
        tags,
        summary: 'Post Now: publish a stored post at once through the engine',
        description:
          "The answer is the post after its attempt: 'posted', 'failed', or 'scheduled' with a retry time.",
        responses: {
          ...jsonResponse(PostAnswer, '{ post }'),
          ...errorResponses(400, 404),
          ...errorResponse(409, 'conflict: the post is sent or being published'),
        },
      }),
      validate('param', IdParam),
      async (c) => {
        const user = currentUser(c);
        const { deps } = c.var;
        const row = await deps.engine.publishNow(user.id, c.req.valid('param').id);
        return reply(c, PostAnswer, { post: await toPostDto(deps.db, row) });
      },
    )
    .get(
      '/:id/attempts',
      describeRoute({
        tags,
        summary: 'Every publishing attempt of a post, oldest first',
        responses: { ...jsonResponse(AttemptsAnswer, '{ attempts }'), ...errorResponses(400, 404) },
      }),
      validate('param', IdParam),
      async (c) => {
        const user = currentUser(c);
        const attempts = await listAttemptsForUser(c.var.deps, user.id, c.req.valid('param').id);
        return reply(c, AttemptsAnswer, { attempts });
      },
    );
}

/** Platform look-ups the composer uses. Mounted at /api/accounts. */
export function createAccountHelperRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/:id/creator-info',
      describeRoute({
        tags,
        summary: "TikTok creator info: the account's privacy options",
        responses: {
          ...jsonResponse(CreatorInfoAnswer, "The account's options (the defaults when TikTok cannot say)"),
          ...errorResponses(400),
          ...noAccount,
        },
      }),
      validate('param', IdParam),
      async (c) => {
        const user = currentUser(c);
        return reply(
          c,
          CreatorInfoAnswer,
          await getCreatorInfo(c.var.deps, user.id, c.req.valid('param').id),
        );
      },
    )
    .get(
      '/:id/mentions',
      describeRoute({
        tags,
        summary: 'X @mention suggestions (empty on any failure)',
        responses: {
          ...jsonResponse(MentionsAnswer, '{ users }: at most 5'),
          ...errorResponses(400),
          ...noAccount,
        },
      }),
      validate('param', IdParam),
      validate('query', MentionQuery),
      async (c) => {
        const user = currentUser(c);
        const users = await lookupMentions(
          c.var.deps,
          user.id,
          c.req.valid('param').id,
          c.req.valid('query').query,
        );
        return reply(c, MentionsAnswer, { users });
      },
    );
}
