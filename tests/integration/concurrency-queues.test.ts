import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/core/ids.js';
import type { Db } from '../../server/db/database.js';
import { sqlDialect } from '../../server/db/sql-dialect.js';
import { lockQueueForUser } from '../../server/queues/queues.repository.js';
import { QUEUE_LIMITS, type QueueDto } from '../../shared/queues/api.js';
import { raceOpenTransaction } from '../support/concurrency.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser } from './posts-support.js';

// Queues under concurrent requests (see concurrency-posts.test.ts for how the race is staged):
// the item limit, item positions, the queue limit and the next run hold on PostgreSQL as they do
// on SQLite, whose transactions run one at a time.

let t: TestApp;
let user: PostsUser;
let accountId: string;
beforeEach(async () => {
  t = await createTestApp();
  user = await createUser(t);
  accountId = await createAccount(t, user.id, 'twitter');
});
afterEach(() => t.close());

async function createQueue(fields: Record<string, unknown> = {}): Promise<string> {
  const id = newId();
  const now = Date.now();
  await t.deps.db
    .insertInto('queues')
    .values({
      id,
      userId: user.id,
      name: `Queue ${id}`,
      description: '',
      isRepeatable: 1,
      intervalHours: 24,
      isActive: 1,
      nextRun: now + 3_600_000,
      lastRunAt: null,
      createdAt: now,
      updatedAt: now,
      ...fields,
    })
    .execute();
  return id;
}

async function insertItem(db: Db, queueId: string, position: number): Promise<string> {
  const id = newId();
  await db
    .insertInto('queueItems')
    .values({
      id,
      queueId,
      userId: user.id,
      socialAccountId: accountId,
      platform: 'twitter',
      postType: 'normal',
      content: `Item ${position} ${id}`,
      media: '[]',
      tweets: null,
      metadata: '{}',
      position,
      runCount: 0,
      createdAt: Date.now(),
      updatedAt: Date.now(),
    })
    .execute();
  return id;
}

/** Another request's write to the queue, as the app makes it: the queue locked first. */
async function lockedInsert(trx: Db, queueId: string, position: number): Promise<string> {
  await lockQueueForUser(trx, user.id, queueId);
  return insertItem(trx, queueId, position);
}

async function positions(queueId: string): Promise<number[]> {
  const rows = await t.deps.db
    .selectFrom('queueItems')
    .select('position')
    .where('queueId', '=', queueId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.position);
}

const call = (path: string, method: string, json?: unknown) =>
  t.request(`/api/queues${path}`, { method, headers: user.headers, json });

describe('queues under concurrent requests', () => {
  it('puts an item added while another is being added after it', async () => {
    const queueId = await createQueue();
    const res = await raceOpenTransaction(
      t.deps.db,
      (trx) => lockedInsert(trx, queueId, 0).then(() => undefined),
      () => call(`/${queueId}/items`, 'POST', { socialAccountId: accountId, content: 'Added meanwhile' }),
    );
    expect(res.status).toBe(201);
    expect(await positions(queueId)).toEqual([0, 1]);
  });

  it('refuses the item over the limit when two requests add the last one at once', async () => {
    const queueId = await createQueue();
    for (let position = 0; position < QUEUE_LIMITS.itemsPerQueue - 1; position += 1) {
      await insertItem(t.deps.db, queueId, position);
    }
    const res = await raceOpenTransaction(
      t.deps.db,
      (trx) => lockedInsert(trx, queueId, QUEUE_LIMITS.itemsPerQueue - 1).then(() => undefined),
      () => call(`/${queueId}/items`, 'POST', { socialAccountId: accountId, content: 'One too many' }),
    );
    expect(res.status).toBe(409);
    expect(await positions(queueId)).toHaveLength(QUEUE_LIMITS.itemsPerQueue);
  });

  it('refuses the queue over the limit when two requests create the last one at once', async () => {
    for (let i = 0; i < QUEUE_LIMITS.queuesPerUser - 1; i += 1) await createQueue();
    const res = await raceOpenTransaction(
      t.deps.db,
      async (trx) => {
        await sqlDialect(trx).holdLock(trx, `queues:${user.id}`);
        await trx
          .insertInto('queues')
          .values({
            id: newId(),
            userId: user.id,
            name: 'The last one',
            description: '',
            isRepeatable: 1,
            intervalHours: 24,
            isActive: 1,
            createdAt: Date.now(),
            updatedAt: Date.now(),
            nextRun: Date.now() + 60_000,
          })
          .execute();
      },
      () => call('', 'POST', { name: 'One too many' }),
    );
    expect(res.status).toBe(409);
    expect(await t.deps.db.selectFrom('queues').select('id').execute()).toHaveLength(
      QUEUE_LIMITS.queuesPerUser,
    );
  });

  it('resumes a queue on the rhythm another request has just changed', async () => {
    const now = Date.now();
    // Paused, created a little over an hour ago, its planned run passed: resuming plans anew.
    const queueId = await createQueue({ isActive: 0, createdAt: now - 3_660_000, nextRun: now - 60_000 });
    const res = await raceOpenTransaction(
      t.deps.db,
      async (trx) => {
        await lockQueueForUser(trx, user.id, queueId);
        // Every hour now, and the next run planned from it, as a rhythm edit writes them.
        await trx
          .updateTable('queues')
          .set({ intervalHours: 1, nextRun: now + 3_540_000 })
          .where('id', '=', queueId)
          .execute();
      },
      () => call(`/${queueId}`, 'PATCH', { isActive: true }),
    );
    expect(res.status).toBe(200);
    const { queue } = (await res.json()) as { queue: QueueDto };
    expect(queue).toMatchObject({ intervalHours: 1, status: 'active' });
    // Not the daily rhythm read before the change: its next run would be 23 hours away.
    expect(Date.parse(queue.nextRun ?? '')).toBe(now + 3_540_000);
  });

  it('moves the item Post next item now sends after an item added meanwhile', async () => {
    const queueId = await createQueue();
    await insertItem(t.deps.db, queueId, 0);
    const res = await raceOpenTransaction(
      t.deps.db,
      (trx) => lockedInsert(trx, queueId, 1).then(() => undefined),
      () => call(`/${queueId}/run`, 'POST', {}),
    );
    expect(res.status).toBe(201);
    expect(await positions(queueId)).toEqual([1, 2]);
  });

  it('refuses an order that misses an item added meanwhile', async () => {
    const queueId = await createQueue();
    const first = await insertItem(t.deps.db, queueId, 0);
    const second = await insertItem(t.deps.db, queueId, 1);
    const res = await raceOpenTransaction(
      t.deps.db,
      (trx) => lockedInsert(trx, queueId, 2).then(() => undefined),
      () => call(`/${queueId}/items/order`, 'PUT', { itemIds: [second, first] }),
    );
    expect(res.status).toBe(400);
    expect(await positions(queueId)).toEqual([0, 1, 2]);
  });
});
