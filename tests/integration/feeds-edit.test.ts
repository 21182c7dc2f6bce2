import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FeedCheckDto, FeedDto } from '../../shared/feeds/api.js';
import type { QueueDto } from '../../shared/queues/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { type FakeBlog, startFakeBlog } from './feeds-support.js';
import { createAccount, createUser, type PostsUser, pngBytes } from './posts-support.js';

// Editing a feed (PATCH /api/feeds/{id}): the add form's fields with its messages, a move to
// another queue or to drafts, and a new address read once like a new feed's.

let blog: FakeBlog;
let moved: FakeBlog;
beforeAll(async () => {
  const png = await pngBytes();
  blog = await startFakeBlog(png);
  moved = await startFakeBlog(png);
});
afterAll(async () => {
  await blog.close();
  await moved.close();
});

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const response = await res;
  const body = await response.json();
  if (response.status !== status) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

describe('editing a feed', () => {
  let t: TestApp;
  let user: PostsUser;
  let linkedin: string;
  let threads: string;
  let queueId: string;

  const call = (path: string, init: { method?: string; json?: unknown } = {}, who = user) =>
    t.request(`/api/feeds${path}`, { method: init.method ?? 'GET', headers: who.headers, json: init.json });
  const edit = (feedId: string, json: unknown, who = user) =>
    call(`/${feedId}`, { method: 'PATCH', json }, who);
  const checkNow = (feedId: string) => ok<FeedCheckDto>(call(`/${feedId}/check`, { method: 'POST' }));
  const createQueue = async (name: string) =>
    (
      await ok<{ queue: QueueDto }>(
        t.request('/api/queues', { method: 'POST', headers: user.headers, json: { name } }),
        201,
      )
    ).queue.id;
  const itemsOf = async (id: string) => {
    const { queue } = await ok<{ queue: QueueDto }>(
      t.request(`/api/queues/${id}`, { headers: user.headers }),
    );
    return queue.items.map((item) => ({ content: item.content, accountId: item.socialAccountId }));
  };
  const addFeed = async (body: Record<string, unknown> = {}) =>
    (
      await ok<{ feed: FeedDto }>(
        call('', {
          method: 'POST',
          json: { url: `${blog.url}/feed.xml`, target: 'queue', queueId, accountIds: [linkedin], ...body },
        }),
        201,
      )
    ).feed;

  beforeEach(async () => {
    for (const site of [blog, moved]) {
      site.items = [];
      site.failWith = null;
      site.requests = [];
    }
    for (let n = 1; n <= 6; n++) blog.addItem(n);
    t = await createTestApp({ ALLOW_PRIVATE_MEDIA_URLS: 'on' });
    user = await createUser(t);
    linkedin = await createAccount(t, user.id, 'linkedin');
    threads = await createAccount(t, user.id, 'threads');
    queueId = await createQueue('Blog posts');
  });
  afterEach(() => t.close());

  it('changes the template, accounts and image option, and the next check uses them', async () => {
    const feed = await addFeed();
    const res = await ok<{ feed: FeedDto; message: string }>(
      edit(feed.id, { template: 'New: {title}', accountIds: [threads], takeImage: true }),
    );
    expect(res.message).toBe('Feed updated');
    expect(res.feed).toMatchObject({ template: 'New: {title}', accountIds: [threads], takeImage: true });
    await checkNow(feed.id);
    expect(await itemsOf(queueId)).toEqual(
      ['Article 4', 'Article 5', 'Article 6'].map((title) => ({
        content: `New: ${title}`,
        accountId: threads,
      })),
    );
  });

  it('answers the add form’s own messages for a bad edit, and changes nothing', async () => {
    const feed = await addFeed();
    const cases: Array<[unknown, string, string | undefined]> = [
      [{ template: '  ' }, 'Please enter a template, for example {title} {url}.', 'template'],
      [{ accountIds: [] }, 'Choose at least one account.', 'accountIds'],
      [{ url: 'ftp://example.com/feed' }, 'Please enter a valid http or https address.', 'url'],
      [{ url: `${blog.url}/image.png` }, 'This address does not serve an RSS, Atom or JSON feed.', 'url'],
      [{}, 'Nothing to update.', undefined],
    ];
    for (const [body, message, field] of cases) {
      const res = await edit(feed.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({
        code: 'validation_error',
        message,
        ...(field ? { field } : {}),
      });
    }
    const { feed: after } = await ok<{ feed: FeedDto }>(call(`/${feed.id}`));
    expect(after).toEqual(feed);
  });

  it('moves a feed to another queue, then to drafts, and its items follow', async () => {
    const feed = await addFeed();
    const other = await createQueue('Newsletter');
    const toQueue = await ok<{ feed: FeedDto }>(edit(feed.id, { queueId: other }));
    expect(toQueue.feed).toMatchObject({ target: 'queue', queueId: other });
    await checkNow(feed.id);
    expect(await itemsOf(other)).toHaveLength(3);
    expect(await itemsOf(queueId)).toEqual([]);

    const toDrafts = await ok<{ feed: FeedDto }>(edit(feed.id, { target: 'drafts' }));
    expect(toDrafts.feed).toMatchObject({ target: 'drafts', queueId: null });
    blog.addItem(7);
    await checkNow(feed.id);
    const drafts = await t.deps.db
      .selectFrom('scheduledPosts')
      .select(['content', 'status'])
      .where('userId', '=', user.id)
      .execute();
    expect(drafts).toEqual([{ content: `Article 7 ${blog.url}/posts/7`, status: 'draft' }]);

    const back = await edit(feed.id, { target: 'queue' });
    expect(back.status).toBe(400);
    expect(await back.json()).toMatchObject({
      field: 'queueId',
      message: 'Choose the queue the feed fills.',
    });
  });

  it('refuses a move onto a queue the same address already fills', async () => {
    const other = await createQueue('Newsletter');
    await addFeed({ queueId: other });
    const feed = await addFeed();
    const res = await edit(feed.id, { queueId: other });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('This feed already fills this queue.');
  });

  it('reads a new address once and starts it afresh, never taking an article it took before', async () => {
    const feed = await addFeed();
    blog.failWith = 500;
    for (let i = 0; i < 5; i++) await checkNow(feed.id);
    blog.failWith = null;
    const { feed: paused } = await ok<{ feed: FeedDto }>(call(`/${feed.id}`));
    expect(paused).toMatchObject({ status: 'paused', consecutiveFailures: 5 });
    // The old address worked once before: it took articles 4 to 6.
    await ok(call(`/${feed.id}/resume`, { method: 'POST' }));
    await checkNow(feed.id);
    blog.failWith = 500;
    for (let i = 0; i < 5; i++) await checkNow(feed.id);

    // The blog moved: the same articles (same guids) and six newer ones at the new address.
    for (let n = 5; n <= 12; n++) moved.addItem(n);
    const before = moved.requests.length;
    const { feed: changed } = await ok<{ feed: FeedDto }>(edit(feed.id, { url: `${moved.url}/feed.xml` }));
    expect(moved.requests.length).toBe(before + 1);
    expect(changed).toMatchObject({
      url: `${moved.url}/feed.xml`,
      status: 'active',
      pausedReason: null,
      consecutiveFailures: 0,
      lastError: null,
      lastCheckedAt: null,
      itemsTaken: 3,
    });
    // A first check again: the newest three, none of the articles seen at the old address.
    const first = await checkNow(feed.id);
    expect(first.taken).toBe(3);
    expect((await itemsOf(queueId)).map((item) => item.content)).toEqual([
      `Article 4 ${blog.url}/posts/4`,
      `Article 5 ${blog.url}/posts/5`,
      `Article 6 ${blog.url}/posts/6`,
      `Article 10 ${moved.url}/posts/10`,
      `Article 11 ${moved.url}/posts/11`,
      `Article 12 ${moved.url}/posts/12`,
    ]);
  });

  it('keeps a feed the user paused paused when its address changes', async () => {
    const feed = await addFeed();
    await ok(call(`/${feed.id}/pause`, { method: 'POST' }));
    moved.addItem(1);
    const { feed: changed } = await ok<{ feed: FeedDto }>(edit(feed.id, { url: `${moved.url}/feed.xml` }));
    expect(changed).toMatchObject({ status: 'paused', pausedReason: null });
  });

  it('refuses a new address while a check holds the feed', async () => {
    const feed = await addFeed();
    moved.addItem(1);
    await t.deps.db
      .updateTable('feeds')
      .set({ checkingUntil: Date.now() + 60_000 })
      .where('id', '=', feed.id)
      .execute();
    const res = await edit(feed.id, { url: `${moved.url}/feed.xml` });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      'This feed is being checked right now. Please try again in a moment.',
    );
    const { feed: after } = await ok<{ feed: FeedDto }>(call(`/${feed.id}`));
    expect(after.url).toBe(`${blog.url}/feed.xml`);
  });

  it("answers 404 for another user's feed, and for a move to another user's queue", async () => {
    const feed = await addFeed();
    const other = await createUser(t);
    expect((await edit(feed.id, { template: '{title}' }, other)).status).toBe(404);
    const theirQueue = (
      await ok<{ queue: QueueDto }>(
        t.request('/api/queues', { method: 'POST', headers: other.headers, json: { name: 'Theirs' } }),
        201,
      )
    ).queue.id;
    const res = await edit(feed.id, { queueId: theirQueue });
    expect(res.status).toBe(404);
  });
});
