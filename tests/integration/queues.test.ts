import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueueDto, QueueItemDto } from '../../shared/queues/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser, pngBytes, upload } from './posts-support.js';

describe('queues API', () => {
  let t: TestApp;
  let user: PostsUser;

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterEach(() => t.close());

  function call(path: string, init: { method?: string; json?: unknown } = {}, who: PostsUser = user) {
    return t.request(`/api/queues${path}`, {
      method: init.method ?? 'GET',
      headers: who.headers,
      json: init.json,
    });
  }

  async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
    const response = await res;
    const body = await response.json();
    if (response.status !== status) throw new Error(`${response.status} ${JSON.stringify(body)}`);
    return body as T;
  }

  async function createQueue(body: Record<string, unknown> = { name: 'Evergreen tips' }): Promise<QueueDto> {
    return (await ok<{ queue: QueueDto }>(call('', { method: 'POST', json: body }), 201)).queue;
  }

  async function addItem(queueId: string, body: Record<string, unknown>): Promise<QueueItemDto> {
    const answer = await ok<{ item: QueueItemDto }>(
      call(`/${queueId}/items`, { method: 'POST', json: body }),
      201,
    );
    return answer.item;
  }

  it('creates a queue that starts active with its first run one interval ahead, and lists queues newest first', async () => {
    const before = Date.now();
    const first = await createQueue({ name: '  Evergreen tips ', description: 'Our best advice' });
    expect(first).toMatchObject({
      name: 'Evergreen tips',
      description: 'Our best advice',
      isRepeatable: false,
      intervalHours: 24,
      isActive: true,
      status: 'active',
      runMode: 'interval',
      runTimes: [],
      runDays: [0, 1, 2, 3, 4, 5, 6],
      scheduleAccountId: null,
      items: [],
    });
    // The next run is known (and shown) before any item is added; nothing is due yet.
    expect(Date.parse(first.nextRun!)).toBeGreaterThanOrEqual(before + 24 * 3_600_000);
    expect(Date.parse(first.nextRun!)).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    const second = await createQueue({ name: 'Weekly classics', isRepeatable: true, intervalHours: 168 });
    expect(second).toMatchObject({ isRepeatable: true, intervalHours: 168, description: '' });
    const { queues } = await ok<{ queues: QueueDto[] }>(call(''));
    expect(queues.map((q) => q.name)).toEqual(['Weekly classics', 'Evergreen tips']);
  });

  it('refuses a queue without a name, with an interval outside 1 to 720 hours, or over the limits', async () => {
    const noName = await call('', { method: 'POST', json: { name: '   ' } });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({
      code: 'validation_error',
      field: 'name',
      message: 'Please enter a queue name.',
    });
    const missing = await call('', { method: 'POST', json: {} });
    expect((await missing.json()).message).toBe('Please enter a queue name.');
    for (const intervalHours of [0, 721, 1.5, '24']) {
      const res = await call('', { method: 'POST', json: { name: 'Bad', intervalHours } });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('The interval must be a whole number of hours from 1 to 720.');
    }
    const long = await call('', { method: 'POST', json: { name: 'x'.repeat(101) } });
    expect((await long.json()).message).toBe('The queue name can be at most 100 characters.');
    const notJson = await t.request('/api/queues', {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(notJson.status).toBe(400);
  });

  it('adds items as full posts checked with the composer rules, in order', async () => {
    const queue = await createQueue();
    const x = await createAccount(t, user.id, 'twitter');
    const linkedin = await createAccount(t, user.id, 'linkedin');
    const image = await upload(t, user, { name: 'tip.png', head: await pngBytes(), platform: 'twitter' });

    const thread = await addItem(queue.id, {
      socialAccountId: x,
      tweets: [
        { content: 'Tip 1: write for one reader', media: [image.id] },
        { content: 'Tip 2: cut the first paragraph', media: [] },
      ],
    });
    expect(thread).toMatchObject({
      platform: 'twitter',
      postType: 'thread',
      content: 'Tip 1: write for one reader',
      accountStatus: 'active',
      runCount: 0,
      isNext: true,
      lastPost: null,
    });
    expect(thread.tweets?.[0]?.media.map((m) => m.id)).toEqual([image.id]);

    const article = await addItem(queue.id, {
      socialAccountId: linkedin,
      postType: 'article',
      content: 'Our guide',
      metadata: { articleUrl: 'https://example.com/guide', visibility: 'PUBLIC' },
    });
    expect(article).toMatchObject({ platform: 'linkedin', postType: 'article', isNext: false });

    const tooLong = await call(`/${queue.id}/items`, {
      method: 'POST',
      json: { socialAccountId: x, content: 'x'.repeat(281) },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ message: 'Your tweet is too long' });
    const empty = await call(`/${queue.id}/items`, { method: 'POST', json: { socialAccountId: linkedin } });
    expect((await empty.json()).message).toBe('Either content, media, or an article URL is required');
    const noUrl = await call(`/${queue.id}/items`, {
      method: 'POST',
      json: { socialAccountId: linkedin, postType: 'article', content: 'x' },
    });
    expect((await noUrl.json()).message).toBe('Article URL is required for article posts');

    const read = await ok<{ queue: QueueDto }>(call(`/${queue.id}`));
    expect(read.queue.items.map((i) => i.id)).toEqual([thread.id, article.id]);
  });

  it('edits an item in place and keeps what is not sent', async () => {
    const queue = await createQueue();
    const facebook = await createAccount(t, user.id, 'facebook');
    const item = await addItem(queue.id, { socialAccountId: facebook, content: 'Old text' });
    const { queue: edited } = await ok<{ queue: QueueDto }>(
      call(`/${queue.id}/items/${item.id}`, { method: 'PATCH', json: { content: 'New text' } }),
    );
    expect(edited.items).toHaveLength(1);
    expect(edited.items[0]).toMatchObject({ id: item.id, content: 'New text', socialAccountId: facebook });
    const bad = await call(`/${queue.id}/items/${item.id}`, {
      method: 'PATCH',
      json: { content: '', media: [] },
    });
    expect((await bad.json()).message).toBe('At least content or a media file is required');
  });

  it('reorders items (every item exactly once) and the first one is next', async () => {
    const queue = await createQueue({ name: 'Order', isRepeatable: true });
    const threads = await createAccount(t, user.id, 'threads');
    const a = await addItem(queue.id, { socialAccountId: threads, content: 'A' });
    const b = await addItem(queue.id, { socialAccountId: threads, content: 'B' });
    const c = await addItem(queue.id, { socialAccountId: threads, content: 'C' });
    const { queue: reordered } = await ok<{ queue: QueueDto }>(
      call(`/${queue.id}/items/order`, { method: 'PUT', json: { itemIds: [c.id, a.id, b.id] } }),
    );
    expect(reordered.items.map((i) => i.content)).toEqual(['C', 'A', 'B']);
    expect(reordered.items.map((i) => i.isNext)).toEqual([true, false, false]);
    for (const itemIds of [
      [c.id, a.id],
      [c.id, a.id, a.id],
      [c.id, a.id, 'nope'],
    ]) {
      const res = await call(`/${queue.id}/items/order`, { method: 'PUT', json: { itemIds } });
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(
        'The new order must list every item of the queue exactly once.',
      );
    }
  });

  it('pauses and resumes a queue and edits its fields', async () => {
    const queue = await createQueue({ name: 'Tips' });
    const paused = await ok<{ queue: QueueDto }>(
      call(`/${queue.id}`, { method: 'PATCH', json: { isActive: false } }),
    );
    expect(paused.queue).toMatchObject({ isActive: false, status: 'paused', nextRun: queue.nextRun });
    const resumed = await ok<{ queue: QueueDto }>(
      call(`/${queue.id}`, { method: 'PATCH', json: { isActive: true } }),
    );
    expect(resumed.queue).toMatchObject({ isActive: true, status: 'active' });
    expect(Date.parse(resumed.queue.nextRun!)).toBeGreaterThanOrEqual(Date.parse(queue.nextRun!));
    const edited = await ok<{ queue: QueueDto }>(
      call(`/${queue.id}`, {
        method: 'PATCH',
        json: { name: 'Best tips', description: null, isRepeatable: true, intervalHours: 12 },
      }),
    );
    expect(edited.queue).toMatchObject({
      name: 'Best tips',
      description: '',
      isRepeatable: true,
      intervalHours: 12,
    });
    const nothing = await call(`/${queue.id}`, { method: 'PATCH', json: {} });
    expect(nothing.status).toBe(400);
    expect((await nothing.json()).message).toBe('Nothing to update.');
  });

  it('keeps an item file while the item uses it and deletes it with the item', async () => {
    const queue = await createQueue();
    const x = await createAccount(t, user.id, 'twitter');
    const image = await upload(t, user, { name: 'keep.png', head: await pngBytes(), platform: 'twitter' });
    const item = await addItem(queue.id, {
      socialAccountId: x,
      content: 'With a picture',
      media: [image.id],
    });
    const refused = await t.request(`/api/media/${image.id}`, { method: 'DELETE', headers: user.headers });
    expect(refused.status).toBe(409);
    const removed = await ok<{ queue: QueueDto; message: string }>(
      call(`/${queue.id}/items/${item.id}`, { method: 'DELETE' }),
    );
    expect(removed).toMatchObject({ message: 'Item deleted', queue: { items: [] } });
    expect((await t.request(`/api/media/${image.id}`, { headers: user.headers })).status).toBe(404);
  });

  it('deletes a queue with its items', async () => {
    const queue = await createQueue();
    const x = await createAccount(t, user.id, 'twitter');
    await addItem(queue.id, { socialAccountId: x, content: 'Gone soon' });
    expect(await ok(call(`/${queue.id}`, { method: 'DELETE' }))).toEqual({
      message: 'Queue deleted successfully!',
    });
    expect((await call(`/${queue.id}`)).status).toBe(404);
    const rows = await t.deps.db.selectFrom('queueItems').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("answers 404 on every route for another user's queue and item, and refuses their accounts and files", async () => {
    const queue = await createQueue({ name: 'Mine' });
    const x = await createAccount(t, user.id, 'twitter');
    const image = await upload(t, user, { name: 'mine.png', head: await pngBytes(), platform: 'twitter' });
    const item = await addItem(queue.id, { socialAccountId: x, content: 'Mine', media: [image.id] });
    const other = await createUser(t);
    const otherX = await createAccount(t, other.id, 'twitter');
    const otherQueue = (
      await ok<{ queue: QueueDto }>(call('', { method: 'POST', json: { name: 'Theirs' } }, other), 201)
    ).queue;

    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/${queue.id}`],
      ['PATCH', `/${queue.id}`, { isActive: false }],
      ['PATCH', `/${queue.id}`, { name: 'Taken over' }],
      ['DELETE', `/${queue.id}`],
      ['POST', `/${queue.id}/items`, { socialAccountId: otherX, content: 'Sneaky' }],
      ['PUT', `/${queue.id}/items/order`, { itemIds: [item.id] }],
      ['PATCH', `/${queue.id}/items/${item.id}`, { content: 'Changed' }],
      ['DELETE', `/${queue.id}/items/${item.id}`],
      // Their own queue, but my item id.
      ['PATCH', `/${otherQueue.id}/items/${item.id}`, { content: 'Changed' }],
      ['DELETE', `/${otherQueue.id}/items/${item.id}`],
    ];
    for (const [method, path, json] of attempts) {
      const res = await call(path, { method, json }, other);
      expect(res.status, `${method} ${path}`).toBe(404);
      const body = await res.json();
      expect(['Queue not found', 'Queue item not found']).toContain(body.message);
    }
    const { queues } = await ok<{ queues: QueueDto[] }>(call('', {}, other));
    expect(queues.map((q) => q.name)).toEqual(['Theirs']);

    const foreignAccount = await call(
      `/${otherQueue.id}/items`,
      { method: 'POST', json: { socialAccountId: x, content: 'Hi' } },
      other,
    );
    expect(foreignAccount.status).toBe(404);
    expect((await foreignAccount.json()).message).toBe('Account not found');
    const foreignMedia = await call(
      `/${otherQueue.id}/items`,
      { method: 'POST', json: { socialAccountId: otherX, content: 'Hi', media: [image.id] } },
      other,
    );
    expect(foreignMedia.status).toBe(404);
    expect((await foreignMedia.json()).message).toBe('Media not found');

    const mine = await ok<{ queue: QueueDto }>(call(`/${queue.id}`));
    expect(mine.queue).toMatchObject({ name: 'Mine', isActive: true });
    expect(mine.queue.items.map((i) => i.content)).toEqual(['Mine']);
  });

  it('answers Not authenticated without a session', async () => {
    for (const [method, path] of [
      ['GET', '/api/queues'],
      ['POST', '/api/queues'],
      ['PATCH', '/api/queues/some-id'],
      ['POST', '/api/queues/some-id/items'],
    ] as const) {
      const res = await t.request(path, { method, json: method === 'GET' ? undefined : { name: 'x' } });
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Not authenticated');
    }
  });

  it('goes with the account when the user is deleted', async () => {
    const queue = await createQueue();
    const x = await createAccount(t, user.id, 'twitter');
    await addItem(queue.id, { socialAccountId: x, content: 'Bye' });
    await t.deps.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect(await t.deps.db.selectFrom('queues').selectAll().execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('queueItems').selectAll().execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('queueItemMedia').selectAll().execute()).toEqual([]);
  });

  it('keeps an item whose account is disconnected, and lets the user choose another', async () => {
    const queue = await createQueue();
    const x = await createAccount(t, user.id, 'twitter');
    const item = await addItem(queue.id, { socialAccountId: x, content: 'Still here' });
    await t.deps.db.deleteFrom('socialAccounts').where('id', '=', x).execute();
    const read = await ok<{ queue: QueueDto }>(call(`/${queue.id}`));
    expect(read.queue.items[0]).toMatchObject({
      id: item.id,
      account: null,
      accountStatus: 'disconnected',
      content: 'Still here',
    });
    const x2 = await createAccount(t, user.id, 'twitter');
    const fixed = await ok<{ queue: QueueDto }>(
      call(`/${queue.id}/items/${item.id}`, { method: 'PATCH', json: { socialAccountId: x2 } }),
    );
    expect(fixed.queue.items[0]).toMatchObject({
      socialAccountId: x2,
      accountStatus: 'active',
      content: 'Still here',
    });
  });
});
