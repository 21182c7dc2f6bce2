import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { CreateFeedInput, FEED_MESSAGES, UpdateFeedInput } from '../../shared/feeds/api.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { createFeed } from './create-feed.js';
import { getFeed, listFeeds } from './list-feeds.js';
import { checkFeedNow, deleteFeed, setFeedActive, updateFeed } from './update-feed.js';

const tags = ['feeds'];

/** `/api/feeds`: RSS, Atom and JSON feeds that fill a queue or make drafts; another user's feed answers 404. */
export function createFeedsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags,
        summary: "The user's feeds (oldest first) and, with the demo sandbox, its example feed's address",
      }),
      async (c) => c.json(await listFeeds(c.var.deps, currentUser(c).id)),
    )
    .post(
      '/',
      describeRoute({
        tags,
        summary:
          'Add a feed to a queue (target "queue", its accounts) or as drafts for accounts (target "drafts"); the address is read once to check it is a feed',
      }),
      validate('json', CreateFeedInput),
      async (c) =>
        c.json(
          {
            feed: await createFeed(c.var.deps, currentUser(c).id, c.req.valid('json')),
            message: FEED_MESSAGES.feedAdded,
          },
          201,
        ),
    )
    .get('/:id', describeRoute({ tags, summary: 'Read one feed' }), async (c) =>
      c.json({ feed: await getFeed(c.var.deps, currentUser(c).id, c.req.param('id')) }),
    )
    .patch(
      '/:id',
      describeRoute({ tags, summary: "Edit a feed's accounts, template or image option" }),
      validate('json', UpdateFeedInput),
      async (c) =>
        c.json({
          feed: await updateFeed(c.var.deps, currentUser(c).id, c.req.param('id'), c.req.valid('json')),
          message: FEED_MESSAGES.feedUpdated,
        }),
    )
    .post('/:id/pause', describeRoute({ tags, summary: 'Pause a feed: no more checks' }), async (c) =>
      c.json({
        feed: await setFeedActive(c.var.deps, currentUser(c).id, c.req.param('id'), false),
        message: FEED_MESSAGES.feedPaused,
      }),
    )
    .post(
      '/:id/resume',
      describeRoute({ tags, summary: 'Resume a paused feed (its failed checks are counted from zero)' }),
      async (c) =>
        c.json({
          feed: await setFeedActive(c.var.deps, currentUser(c).id, c.req.param('id'), true),
          message: FEED_MESSAGES.feedResumed,
        }),
    )
    .post(
      '/:id/check',
      describeRoute({
        tags,
        summary: 'Check now: read the feed at this moment and take its new items (answers how many)',
      }),
      async (c) => c.json(await checkFeedNow(c.var.deps, currentUser(c).id, c.req.param('id'))),
    )
    .delete(
      '/:id',
      describeRoute({ tags, summary: 'Delete a feed (the items it already took stay)' }),
      async (c) => c.json(await deleteFeed(c.var.deps, currentUser(c).id, c.req.param('id'))),
    );
}
