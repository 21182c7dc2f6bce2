import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { toPostDto } from '../posts/post-dto.js';
import { listAttemptsForUser } from './list-attempts.js';
import { getCreatorInfo, lookupMentions } from './platform-helpers.js';

const IdParam = z.object({ id: z.string().min(1) });
const MentionQuery = z.object({ query: z.string().max(50).default('') });

/** Post Now and what the engine knows about a post. Mounted at /api/posts. */
export function createPublishingRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .post(
      '/:id/publish',
      describeRoute({
        tags: ['publishing'],
        summary: 'Post Now: publish a stored post at once through the engine',
      }),
      validate('param', IdParam),
      async (c) => {
        const user = currentUser(c);
        const { deps } = c.var;
        const row = await deps.engine.publishNow(user.id, c.req.valid('param').id);
        return c.json({ post: await toPostDto(deps.db, row) });
      },
    )
    .get(
      '/:id/attempts',
      describeRoute({ tags: ['publishing'], summary: 'Every publishing attempt of a post, oldest first' }),
      validate('param', IdParam),
      async (c) => {
        const user = currentUser(c);
        return c.json({ attempts: await listAttemptsForUser(c.var.deps, user.id, c.req.valid('param').id) });
      },
    );
}

/** Platform look-ups the composer uses. Mounted at /api/accounts. */
export function createAccountHelperRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/:id/creator-info',
      describeRoute({ tags: ['publishing'], summary: "TikTok creator info: the account's privacy options" }),
      validate('param', IdParam),
      async (c) => {
        const user = currentUser(c);
        return c.json(await getCreatorInfo(c.var.deps, user.id, c.req.valid('param').id));
      },
    )
    .get(
      '/:id/mentions',
      describeRoute({ tags: ['publishing'], summary: 'X @mention suggestions (empty on any failure)' }),
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
        return c.json({ users });
      },
    );
}
