import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import {
  ApiErrorSchema,
  CreatePostGroupInput,
  DeletePostGroupQuery,
  DeletePostGroupResultSchema,
  PostGroupResultSchema,
  UpdatePostGroupInput,
} from '../../shared/posts/post-groups.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { createPostGroup } from './create-post-group.js';
import { deletePostGroup } from './delete-post-group.js';
import { getPostGroupForUser } from './get-post-group.js';
import { updatePostGroup } from './update-post-group.js';

const tags = ['post groups'];
const security: Record<string, string[]>[] = [{ cookie: [] }, { bearer: [] }];
const json = (schema: z.ZodType) => ({ 'application/json': { schema: resolver(schema) } });
const GroupParam = z.object({ id: z.string().min(1).max(100).describe("The group's id") });

const errors = {
  400: {
    description: "validation_error: the first problem; details.problems lists each account's",
    content: json(ApiErrorSchema),
  },
  401: { description: 'not_authenticated', content: json(ApiErrorSchema) },
  402: {
    description: 'subscription_required (Post Now without access; the posts stay saved)',
    content: json(ApiErrorSchema),
  },
  404: {
    description: "not_found: the group, an account or a media file is not the user's",
    content: json(ApiErrorSchema),
  },
  409: { description: 'conflict: a version is sent or being published', content: json(ApiErrorSchema) },
};

/**
 * `/api/post-groups`: compose once, publish to many accounts (issue 23). Each account's post is an
 * ordinary post (GET /api/posts lists it with its groupId; DELETE /api/posts/{id} deletes one account's).
 */
export function createPostGroupsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .post(
      '/',
      describeRoute({
        tags,
        security,
        summary: 'Create one post per chosen account from one shared text, in one transaction',
        description:
          "action: 'draft' (kept with its problems, listed in `problems`), 'schedule' (scheduledAt), " +
          "'queue' (each account's next free posting time) or 'publish' (each version through Post Now; " +
          "each post answers its own outcome: 'posted' with its URL, or 'failed' with errorMessage). " +
          'Versions not customised follow the shared text; every version is validated with its platform rules first.',
        responses: {
          201: { description: '{ group, problems }', content: json(PostGroupResultSchema) },
          ...errors,
        },
      }),
      validate('json', CreatePostGroupInput),
      async (c) => c.json(await createPostGroup(c.var.deps, currentUser(c).id, c.req.valid('json')), 201),
    )
    .get(
      '/:id',
      describeRoute({
        tags,
        security,
        summary: "Read a group: its shared content and each account's post",
        responses: {
          200: { description: '{ group, problems: [] }', content: json(PostGroupResultSchema) },
          ...errors,
        },
      }),
      validate('param', GroupParam),
      async (c) =>
        c.json({
          group: await getPostGroupForUser(c.var.deps, currentUser(c).id, c.req.valid('param').id),
          problems: [],
        }),
    )
    .patch(
      '/:id',
      describeRoute({
        tags,
        security,
        summary: 'Edit a group: the shared text updates versions not customised and not sent',
        description:
          'Sent and publishing versions are read-only. versions: overrides for unsent versions (customized: false ' +
          'resets one to the shared text); accountIds: the accounts now chosen; action: moves every unsent post.',
        responses: {
          200: { description: '{ group, problems }', content: json(PostGroupResultSchema) },
          ...errors,
        },
      }),
      validate('param', GroupParam),
      validate('json', UpdatePostGroupInput),
      async (c) =>
        c.json(
          await updatePostGroup(c.var.deps, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')),
        ),
    )
    .delete(
      '/:id',
      describeRoute({
        tags,
        security,
        summary: 'Delete every post of the group not yet sent ("All not yet sent")',
        responses: {
          200: { description: '{ deleted, message }', content: json(DeletePostGroupResultSchema) },
          ...errors,
        },
      }),
      validate('param', GroupParam),
      validate('query', DeletePostGroupQuery),
      async (c) => c.json(await deletePostGroup(c.var.deps, currentUser(c).id, c.req.valid('param').id)),
    );
}
