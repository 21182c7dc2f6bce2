import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { describeRoute } from 'hono-openapi';
import {
  CreateQueueInput,
  QUEUE_MESSAGES,
  QueueItemInput,
  QueueRhythmInput,
  ReorderQueueItemsInput,
  UpdateQueueInput,
  UpdateQueueItemInput,
} from '../../shared/queues/api.js';
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
import { addQueueItem } from './add-queue-item.js';
import { createQueue, previewFirstRun } from './create-queue.js';
import { deleteQueue } from './delete-queue.js';
import { deleteQueueItem } from './delete-queue-item.js';
import { getQueue, listQueues } from './list-queues.js';
import {
  ItemAddedAnswer,
  ItemDeletedAnswer,
  NextRunAnswer,
  QueueAnswer,
  QueuesAnswer,
  RunNowAnswer,
} from './queues.openapi.js';
import { reorderQueueItems } from './reorder-queue-items.js';
import { runQueueNow } from './run-queue-now.js';
import { updateQueue } from './update-queue.js';
import { updateQueueItem } from './update-queue-item.js';

const tags = ['queues'];
const notOwned = errorResponse(404, "not_found: the queue, item, account or media is not the user's");
const refused = errorResponse(409, 'conflict: too many queues or items, a finished queue, or nothing to run');
const queueAnswer = (status: 200 | 201 = 200) => jsonResponse(QueueAnswer, '{ queue }', status);
const edits = { ...queueAnswer(), ...errorResponses(400), ...notOwned, ...refused };

/** `/api/queues`: automated queues and their items; every route answers 404 for another user's queue. */
export function createQueuesRoutes() {
  return (
    new Hono<AppEnv>()
      .use('*', requireAuth)
      // Items are posts (text and ids): 1 MB is far above any real one.
      .use('*', bodyLimit({ maxSize: 1024 * 1024 }))
      .get(
        '/',
        describeRoute({
          tags,
          summary: "The user's queues with their items, newest first",
          responses: jsonResponse(QueuesAnswer, '{ queues }'),
        }),
        async (c) => reply(c, QueuesAnswer, { queues: await listQueues(c.var.deps, currentUser(c).id) }),
      )
      .post(
        '/',
        describeRoute({
          tags,
          summary:
            'Create a queue (active): every intervalHours, at runTimes on runDays, or at the posting schedule; the first run is its first run time after now',
          responses: { ...queueAnswer(201), ...errorResponses(400), ...notOwned, ...refused },
        }),
        validate('json', CreateQueueInput),
        async (c) =>
          reply(
            c,
            QueueAnswer,
            { queue: await createQueue(c.var.deps, currentUser(c).id, c.req.valid('json')) },
            201,
          ),
      )
      .post(
        '/next-run',
        describeRoute({
          tags,
          summary: "The first run a queue with this rhythm would have if created now (the dialog's preview)",
          responses: { ...jsonResponse(NextRunAnswer, '{ nextRun }'), ...errorResponses(400), ...notOwned },
        }),
        validate('json', QueueRhythmInput),
        async (c) =>
          reply(c, NextRunAnswer, await previewFirstRun(c.var.deps, currentUser(c).id, c.req.valid('json'))),
      )
      .get(
        '/:id',
        describeRoute({
          tags,
          summary: 'Read one queue with its items',
          responses: { ...queueAnswer(), ...errorResponses(404) },
        }),
        async (c) =>
          reply(c, QueueAnswer, { queue: await getQueue(c.var.deps, currentUser(c).id, c.req.param('id')) }),
      )
      .patch(
        '/:id',
        describeRoute({
          tags,
          summary: 'Edit a queue (a new rhythm plans the next run), or play/pause it with isActive',
          responses: edits,
        }),
        validate('json', UpdateQueueInput),
        async (c) =>
          reply(c, QueueAnswer, {
            queue: await updateQueue(c.var.deps, currentUser(c).id, c.req.param('id'), c.req.valid('json')),
          }),
      )
      .delete(
        '/:id',
        describeRoute({
          tags,
          summary: 'Delete a queue and its items',
          responses: { ...jsonResponse(MessageAnswer, '{ message }'), ...errorResponses(404) },
        }),
        async (c) =>
          reply(c, MessageAnswer, await deleteQueue(c.var.deps, currentUser(c).id, c.req.param('id'))),
      )
      .post(
        '/:id/run',
        describeRoute({
          tags,
          summary:
            'Post next item now: a run at this moment through the publishing engine (caps and the repeated-text rule apply); the planned next run stays',
          responses: {
            ...jsonResponse(RunNowAnswer, '{ queue, postId }: the post the run created', 201),
            ...errorResponses(404),
            ...refused,
          },
        }),
        async (c) =>
          reply(c, RunNowAnswer, await runQueueNow(c.var.deps, currentUser(c).id, c.req.param('id')), 201),
      )
      .post(
        '/:id/items',
        describeRoute({
          tags,
          summary: 'Add a post for one account at the end of the queue (it waits for a run time)',
          responses: {
            ...jsonResponse(ItemAddedAnswer, '{ queue, item }', 201),
            ...errorResponses(400),
            ...notOwned,
            ...refused,
          },
        }),
        validate('json', QueueItemInput),
        async (c) => {
          const { queue, itemId } = await addQueueItem(
            c.var.deps,
            currentUser(c).id,
            c.req.param('id'),
            c.req.valid('json'),
          );
          return reply(
            c,
            ItemAddedAnswer,
            { queue, item: queue.items.find((item) => item.id === itemId) ?? null },
            201,
          );
        },
      )
      .put(
        '/:id/items/order',
        describeRoute({ tags, summary: 'Reorder the items (the first goes out next)', responses: edits }),
        validate('json', ReorderQueueItemsInput),
        async (c) =>
          reply(c, QueueAnswer, {
            queue: await reorderQueueItems(
              c.var.deps,
              currentUser(c).id,
              c.req.param('id'),
              c.req.valid('json'),
            ),
          }),
      )
      .patch(
        '/:id/items/:itemId',
        describeRoute({ tags, summary: 'Edit an item', responses: edits }),
        validate('json', UpdateQueueItemInput),
        async (c) =>
          reply(c, QueueAnswer, {
            queue: await updateQueueItem(
              c.var.deps,
              currentUser(c).id,
              c.req.param('id'),
              c.req.param('itemId'),
              c.req.valid('json'),
            ),
          }),
      )
      .delete(
        '/:id/items/:itemId',
        describeRoute({
          tags,
          summary: 'Delete an item',
          responses: { ...jsonResponse(ItemDeletedAnswer, '{ queue, message }'), ...errorResponses(404) },
        }),
        async (c) =>
          reply(c, ItemDeletedAnswer, {
            queue: await deleteQueueItem(
              c.var.deps,
              currentUser(c).id,
              c.req.param('id'),
              c.req.param('itemId'),
            ),
            message: QUEUE_MESSAGES.itemDeleted,
          }),
      )
  );
}
