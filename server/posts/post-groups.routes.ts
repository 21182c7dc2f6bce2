import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import {
  CreatePostGroupInput,
  DeletePostGroupQuery,
  DeletePostGroupResultSchema,
  PostGroupResultSchema,
  UpdatePostGroupInput,
} from '../../shared/posts/post-groups.js';
import { errorResponse, jsonResponse, reply } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { createPostGroup } from './create-post-group.js';
import { deletePostGroup } from './delete-post-group.js';
import { getPostGroupForUser } from './get-post-group.js';
import { updatePostGroup } from './update-post-group.js';

const tags = ['post groups'];
const GroupParam = z.object({ id: z.string().min(1).max(100).describe("The group's id") });

const errors = {
  ...errorResponse(400, "validation_error: the first problem; details.problems lists each account's"),
  ...errorResponse(404, "not_found: the group, an account or a media file is not the user's"),
  ...errorResponse(409, 'conflict: a version is sent or being published'),
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
        summary: 'Create one post per chosen account from one shared text, in one transaction',
        description:
          "action: 'draft' (kept with its problems, listed in `problems`), 'schedule' (scheduledAt), " +
          "'queue' (each account's next free posting time) or 'publish' (each version through Post Now; " +
          "each post answers its own outcome: 'posted' with its URL, or 'failed' with errorMessage). " +
          'Versions not customised follow the shared text; every version is validated with its platform rules first.',
        responses: {
          ...jsonResponse(PostGroupResultSchema, '{ group, problems }', 201),
          ...errors,
        },
      }),
      validate('json', CreatePostGroupInput),
      async (c) =>
        reply(
          c,
          PostGroupResultSchema,
          await createPostGroup(c.var.deps, currentUser(c).id, c.req.valid('json')),
          201,
        ),
    )
    .get(
      '/:id',
      describeRoute({
        tags,
        summary: "Read a group: its shared content and each account's post",
        responses: {
          ...jsonResponse(PostGroupResultSchema, '{ group, problems: [] }'),
          ...errors,
        },
      }),
      validate('param', GroupParam),
      async (c) =>
        reply(c, PostGroupResultSchema, {
          group: await getPostGroupForUser(c.var.deps, currentUser(c).id, c.req.valid('param').id),
          problems: [],
        }),
    )
    .patch(
      '/:id',
      describeRoute({
        tags,
        summary: 'Edit a group: the shared text updates versions not customised and not sent',
        description:
          'Sent and publishing versions are read-only. versions: overrides for unsent versions (customized: false ' +
          'resets one to the shared text); accountIds: the accounts now chosen; action: moves every unsent post.',
        responses: {
          ...jsonResponse(PostGroupResultSchema, '{ group, problems }'),
          ...errors,
        },
      }),
      validate('param', GroupParam),
      validate('json', UpdatePostGroupInput),
      async (c) =>
        reply(
          c,
          PostGroupResultSchema,
          await updatePostGroup(c.var.deps, currentUser(c).id, c.req.valid('param').id, c.req.valid('json')),
        ),
    )
    .delete(
      '/:id',
      describeRoute({
        tags,
        summary: 'Delete every post of the group not yet sent ("All not yet sent")',
        responses: {
          ...jsonResponse(DeletePostGroupResultSchema, '{ deleted, message }'),
          ...errors,
        },
      }),
      validate('param', GroupParam),
      validate('query', DeletePostGroupQuery),
      async (c) =>
        reply(
          c,
          DeletePostGroupResultSchema,
          await deletePostGroup(c.var.deps, currentUser(c).id, c.req.valid('param').id),
        ),
    );
}
