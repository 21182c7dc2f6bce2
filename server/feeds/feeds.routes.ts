import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import {
  CreateFeedInput,
  FEED_MESSAGES,
  FeedChangeSchema,
  FeedCheckSchema,
  FeedListSchema,
  FeedSchema,
  UpdateFeedInput,
} from '../../shared/feeds/api.js';
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
import { createFeed } from './create-feed.js';
import { getFeed, listFeeds } from './list-feeds.js';
import { checkFeedNow, deleteFeed, setFeedActive, updateFeed } from './update-feed.js';

const tags = ['feeds'];
const FeedOne = z.object({ feed: FeedSchema });

/** `/api/feeds`: RSS, Atom and JSON feeds that fill a queue or make drafts; another user's feed answers 404. */
export function createFeedsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags,
        summary: "The user's feeds (oldest first) and, with the demo sandbox, its example feed's address",
        responses: jsonResponse(FeedListSchema, 'The feeds'),
      }),
      async (c) => reply(c, FeedListSchema, await listFeeds(c.var.deps, currentUser(c).id)),
    )
    .post(
      '/',
      describeRoute({
        tags,
        summary:
          'Add a feed to a queue (target "queue", its accounts) or as drafts for accounts (target "drafts"); the address is read once to check it is a feed',
        responses: {
          ...jsonResponse(FeedChangeSchema, 'The feed added', 201),
          ...errorResponses(400, 404, 409),
        },
      }),
      validate('json', CreateFeedInput),
      async (c) =>
        reply(
          c,
          FeedChangeSchema,
          {
            feed: await createFeed(c.var.deps, currentUser(c).id, c.req.valid('json')),
            message: FEED_MESSAGES.feedAdded,
          },
          201,
        ),
    )
    .get(
      '/:id',
      describeRoute({
        tags,
        summary: 'Read one feed',
        responses: { ...jsonResponse(FeedOne, 'The feed'), ...errorResponses(404) },
      }),
      async (c) =>
        reply(c, FeedOne, { feed: await getFeed(c.var.deps, currentUser(c).id, c.req.param('id')) }),
    )
    .patch(
      '/:id',
      describeRoute({
        tags,
        summary:
          "Edit a feed: its address (read once, like a new feed's; the next check takes only the newest items), where it goes (target and queueId), accounts, template or image option",
        responses: {
          ...jsonResponse(FeedChangeSchema, 'The feed changed'),
          ...errorResponses(400, 404),
          ...errorResponse(409, 'conflict: the same address already fills that queue, or a check is running'),
        },
      }),
      validate('json', UpdateFeedInput),
      async (c) =>
        reply(c, FeedChangeSchema, {
          feed: await updateFeed(c.var.deps, currentUser(c).id, c.req.param('id'), c.req.valid('json')),
          message: FEED_MESSAGES.feedUpdated,
        }),
    )
    .post(
      '/:id/pause',
      describeRoute({
        tags,
        summary: 'Pause a feed: no more checks',
        responses: { ...jsonResponse(FeedChangeSchema, 'The feed paused'), ...errorResponses(404) },
      }),
      async (c) =>
        reply(c, FeedChangeSchema, {
          feed: await setFeedActive(c.var.deps, currentUser(c).id, c.req.param('id'), false),
          message: FEED_MESSAGES.feedPaused,
        }),
    )
    .post(
      '/:id/resume',
      describeRoute({
        tags,
        summary: 'Resume a paused feed (its failed checks are counted from zero)',
        responses: { ...jsonResponse(FeedChangeSchema, 'The feed resumed'), ...errorResponses(404) },
      }),
      async (c) =>
        reply(c, FeedChangeSchema, {
          feed: await setFeedActive(c.var.deps, currentUser(c).id, c.req.param('id'), true),
          message: FEED_MESSAGES.feedResumed,
        }),
    )
    .post(
      '/:id/check',
      describeRoute({
        tags,
        summary: 'Check now: read the feed at this moment and take its new items (answers how many)',
        responses: { ...jsonResponse(FeedCheckSchema, 'The check done'), ...errorResponses(404, 409) },
      }),
      async (c) =>
        reply(c, FeedCheckSchema, await checkFeedNow(c.var.deps, currentUser(c).id, c.req.param('id'))),
    )
    .delete(
      '/:id',
      describeRoute({
        tags,
        summary: 'Delete a feed (the items it already took stay)',
        responses: { ...jsonResponse(MessageAnswer, 'The feed deleted'), ...errorResponses(404) },
      }),
      async (c) =>
        reply(c, MessageAnswer, await deleteFeed(c.var.deps, currentUser(c).id, c.req.param('id'))),
    );
}
