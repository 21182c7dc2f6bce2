import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import {
  CalendarQuery,
  CreatePostInput,
  IdenticalPostQuery,
  IdenticalPostResult,
  ListPostsQuery,
  UpdatePostInput,
} from '../../shared/posts/api.js';
import { ListPostsResultSchema } from '../../shared/posts/post-list.js';
import {
  errorResponse,
  errorResponses,
  jsonResponse,
  MessageAnswer,
  reply,
} from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { createPost } from './create-post.js';
import { deletePost } from './delete-post.js';
import { findIdenticalPost } from './find-identical-post.js';
import { getPostForUser } from './get-post.js';
import { getPostUrl } from './get-post-url.js';
import { listCalendarPostsJson } from './list-calendar-posts.js';
import { listPosts } from './list-posts.js';
import { CalendarAnswer, PostAnswer, PostUrlAnswer } from './posts.openapi.js';
import { updatePost } from './update-post.js';

const tags = ['posts'];
const notOwned = errorResponse(404, "not_found: the post, an account or a media file is not the user's");
const notEditable = errorResponse(409, 'conflict: the post is sent or being published');

/** `/api/posts`: create, list, read, edit, delete, and the post's platform address. */
export function createPostsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .post(
      '/',
      describeRoute({
        tags,
        summary: 'Create a draft, a scheduled post, a post to publish now, or add it to the queue',
        description:
          "action 'publish' is Post Now in one request: the post is created and published at once " +
          'through the engine, like POST /api/posts/{id}/publish, and the answer is the post after ' +
          "that attempt (status 'posted', 'failed', or 'scheduled' with a retry time). Refused with " +
          'subscription_required, like /publish, while the user has no access (the post stays saved).',
        responses: {
          ...jsonResponse(
            PostAnswer,
            "{ post }: the saved post; with action 'publish', the post after its publishing attempt",
            201,
          ),
          ...errorResponses(400),
          ...notOwned,
        },
      }),
      validate('json', CreatePostInput),
      async (c) => {
        const post = await createPost(c.var.deps, currentUser(c).id, c.req.valid('json'));
        return reply(c, PostAnswer, { post }, 201);
      },
    )
    .get(
      '/',
      describeRoute({
        tags,
        summary: 'List upcoming or sent posts (filters, 10 entries per page)',
        description:
          "Pages entries: a lone post is one entry, a post group is ONE entry carrying every account's " +
          'post (never split across pages). Filters (account, platform, status, dates, search) pick posts; ' +
          'a group is listed when any of its posts matches, and comes with all of its posts so each ' +
          "account's status shows. total counts entries; posts is every post of the page's entries.",
        responses: {
          ...jsonResponse(ListPostsResultSchema, '{ entries, posts, total, page, pageSize }'),
          ...errorResponse(400, 'validation_error: a filter that does not apply to this view'),
          ...errorResponse(404, "not_found: accountId is not one of the user's accounts"),
        },
      }),
      validate('query', ListPostsQuery),
      async (c) =>
        reply(c, ListPostsResultSchema, await listPosts(c.var.deps, currentUser(c).id, c.req.valid('query'))),
    )
    .get(
      '/calendar',
      describeRoute({
        tags,
        summary: 'Scheduled posts and sent posts (last 30 days) in one date range',
        responses: {
          ...jsonResponse(CalendarAnswer, '{ posts }'),
          ...errorResponse(400, 'validation_error: not ISO dates, or a range over 45 days'),
          ...errorResponse(404, "not_found: accountId is not one of the user's accounts"),
        },
      }),
      validate('query', CalendarQuery),
      async (c) => {
        // `{ posts: CalendarPostDto[] }`, the array as SQLite wrote it.
        const posts = await listCalendarPostsJson(c.var.deps, currentUser(c).id, c.req.valid('query'));
        return c.body(`{"posts":${posts}}`, 200, { 'content-type': 'application/json' });
      },
    )
    .post(
      '/identical',
      describeRoute({
        tags,
        summary:
          "The account's nearest post with the same text within a day, where its platform refuses repeats",
        responses: {
          ...jsonResponse(IdenticalPostResult, 'When the identical post goes out, or null'),
          ...errorResponses(400),
        },
      }),
      validate('json', IdenticalPostQuery),
      async (c) =>
        reply(
          c,
          IdenticalPostResult,
          await findIdenticalPost(c.var.deps.db, currentUser(c).id, c.req.valid('json')),
        ),
    )
    .get(
      '/:id',
      describeRoute({
        tags,
        summary: 'Read one post',
        responses: { ...jsonResponse(PostAnswer, '{ post }'), ...errorResponses(404) },
      }),
      async (c) =>
        reply(c, PostAnswer, {
          post: await getPostForUser(c.var.deps, currentUser(c).id, c.req.param('id')),
        }),
    )
    .patch(
      '/:id',
      describeRoute({
        tags,
        summary: 'Edit a post (same row)',
        responses: {
          ...jsonResponse(PostAnswer, '{ post }'),
          ...errorResponses(400),
          ...notOwned,
          ...notEditable,
        },
      }),
      validate('json', UpdatePostInput),
      async (c) =>
        reply(c, PostAnswer, {
          post: await updatePost(c.var.deps, currentUser(c).id, c.req.param('id'), c.req.valid('json')),
        }),
    )
    .delete(
      '/:id',
      describeRoute({
        tags,
        summary: 'Delete a post and its media',
        responses: { ...jsonResponse(MessageAnswer, '{ message }'), ...errorResponses(404), ...notEditable },
      }),
      async (c) =>
        reply(c, MessageAnswer, await deletePost(c.var.deps, currentUser(c).id, c.req.param('id'))),
    )
    .get(
      '/:id/url',
      describeRoute({
        tags,
        summary: "The post's address on its platform",
        responses: {
          ...jsonResponse(
            PostUrlAnswer,
            "{ url }, or { action: 'reauthenticate', error } when the account needs it",
          ),
          ...errorResponse(404, 'not_found: no such post, or it has no address yet'),
        },
      }),
      async (c) =>
        reply(c, PostUrlAnswer, await getPostUrl(c.var.deps, currentUser(c).id, c.req.param('id'))),
    );
}
