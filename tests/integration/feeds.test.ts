import { unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runFeedsJob } from '../../server/feeds/feeds.job.js';
import { fetchFeed } from '../../server/feeds/fetch-feed.js';
import { sandboxBaseUrl } from '../../server/platforms/platform-endpoints.js';
import { FEED_LIMITS, type FeedCheckDto, type FeedDto, type FeedListDto } from '../../shared/feeds/api.js';
import { SANDBOX_EXAMPLE_FEEDS } from '../../shared/platforms/sandbox-contract.js';
import type { QueueDto } from '../../shared/queues/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { type FakeBlog, startFakeBlog } from './feeds-support.js';
import { createAccount, createUser, type PostsUser, pngBytes } from './posts-support.js';

let blog: FakeBlog;
beforeAll(async () => {
  blog = await startFakeBlog(await pngBytes());
});
afterAll(() => blog.close());

async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const response = await res;
  const body = await response.json();
  if (response.status !== status) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

describe('feeds (a loopback blog, ALLOW_PRIVATE_MEDIA_URLS=on as in local tests)', () => {
  let t: TestApp;
  let user: PostsUser;
  let accountId: string;
  let queueId: string;

  const call = (path: string, init: { method?: string; json?: unknown } = {}, who = user) =>
    t.request(`/api/feeds${path}`, { method: init.method ?? 'GET', headers: who.headers, json: init.json });
  const addFeed = async (body: Record<string, unknown> = {}) =>
    (
      await ok<{ feed: FeedDto }>(
        call('', {
          method: 'POST',
          json: { url: `${blog.url}/feed.xml`, target: 'queue', queueId, accountIds: [accountId], ...body },
        }),
        201,
      )
    ).feed;
  const checkNow = (feedId: string) => ok<FeedCheckDto>(call(`/${feedId}/check`, { method: 'POST' }));
  const queueItems = async () => {
    const { queue } = await ok<{ queue: QueueDto }>(
      t.request(`/api/queues/${queueId}`, { headers: user.headers }),
    );
    return queue.items.map((item) => item.content);
  };

  beforeEach(async () => {
    blog.items = [];
    blog.failWith = null;
    blog.conditional = true;
    blog.requests = [];
    for (let n = 1; n <= 6; n++) blog.addItem(n);
    t = await createTestApp({ ALLOW_PRIVATE_MEDIA_URLS: 'on' });
    user = await createUser(t);
    accountId = await createAccount(t, user.id, 'linkedin');
    const created = await ok<{ queue: QueueDto }>(
      t.request('/api/queues', { method: 'POST', headers: user.headers, json: { name: 'Blog posts' } }),
      201,
    );
    queueId = created.queue.id;
  });
  afterEach(() => t.close());

  it('reads the feed once when it is added, and the first check takes only the newest 3 items, oldest first', async () => {
    const feed = await addFeed();
    expect(feed).toMatchObject({
      title: 'The Loopback Blog',
      template: '{title} {url}',
      status: 'active',
      itemsTaken: 0,
      lastCheckedAt: null,
    });
    expect(await queueItems()).toEqual([]);
    const first = await checkNow(feed.id);
    expect(first.taken).toBe(3);
    expect(await queueItems()).toEqual([
      `Article 4 ${blog.url}/posts/4`,
      `Article 5 ${blog.url}/posts/5`,
      `Article 6 ${blog.url}/posts/6`,
    ]);
    expect(first.feed).toMatchObject({ itemsTaken: 3, lastError: null, consecutiveFailures: 0 });
    expect(first.feed.lastCheckedAt).not.toBeNull();
  });

  it('takes each new item once, and never the archive the first check left', async () => {
    const feed = await addFeed({ template: '{title} by {author}: {summary}' });
    await checkNow(feed.id);
    blog.addItem(7);
    blog.addItem(8);
    blog.conditional = false; // the full feed every time: only the seen items keep items from coming twice
    expect((await checkNow(feed.id)).taken).toBe(2);
    expect((await checkNow(feed.id)).taken).toBe(0);
    const items = await queueItems();
    expect(items).toHaveLength(5);
    expect(items.slice(3)).toEqual([
      'Article 7 by Ada Writer: Summary of Article 7 & more',
      'Article 8 by Ada Writer: Summary of Article 8 & more',
    ]);
    expect(items.some((text) => text.startsWith('Article 1 '))).toBe(false);
    const { feed: after } = await ok<{ feed: FeedDto }>(call(`/${feed.id}`));
    expect(after.itemsTaken).toBe(5);
  });

  it('asks with If-None-Match and If-Modified-Since, and a 304 takes nothing', async () => {
    const feed = await addFeed();
    await checkNow(feed.id);
    const before = blog.requests.length;
    const again = await checkNow(feed.id);
    expect(again.taken).toBe(0);
    const asked = blog.requests[before]!;
    expect(asked['if-none-match']).toMatch(/^"v.+"$/);
    expect(Date.parse(String(asked['if-modified-since']))).toBe(Date.UTC(2026, 10, 1) + 6 * 3_600_000);
    expect(again.feed.lastError).toBeNull();
    expect(await queueItems()).toHaveLength(3);
    // A changed feed has a new ETag: it is read again and its new item taken.
    blog.addItem(7);
    expect((await checkNow(feed.id)).taken).toBe(1);
  });

  it('does not take an old item again when the feed rewrites it (new title and date, or a new guid with the same link)', async () => {
    const feed = await addFeed();
    await checkNow(feed.id);
    const sixth = blog.items.find((item) => item.guid === 'post-6')!;
    sixth.title = 'Article 6 (updated)';
    sixth.published = new Date(Date.UTC(2026, 10, 20));
    const fifth = blog.items.find((item) => item.guid === 'post-5')!;
    fifth.guid = 'https://blog.example/?p=5';
    const first = blog.items.find((item) => item.guid === 'post-1')!;
    first.title = 'Article 1, republished';
    first.published = new Date(Date.UTC(2026, 10, 21));
    const answer = await checkNow(feed.id);
    expect(answer.taken).toBe(0);
    expect(await queueItems()).toHaveLength(3);
  });

  it('pauses a feed after five failed checks in a row and notifies its owner once, with the reason', async () => {
    const feed = await addFeed();
    blog.failWith = 500;
    for (let i = 1; i <= 4; i++) {
      const { feed: now } = await checkNow(feed.id);
      expect(now).toMatchObject({ status: 'active', consecutiveFailures: i });
    }
    const { feed: fifth } = await checkNow(feed.id);
    expect(fifth).toMatchObject({
      status: 'paused',
      consecutiveFailures: 5,
      lastError: 'The feed could not be downloaded (HTTP 500).',
      pausedReason: 'Paused after 5 failed checks in a row: The feed could not be downloaded (HTTP 500).',
    });
    await checkNow(feed.id);
    expect(await runFeedsJob(t.deps, Date.now() + 3_600_000)).toMatchObject({ checked: 0 });
    const notifications = await t.deps.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('userId', '=', user.id)
      .execute();
    expect(notifications).toEqual([
      {
        title: 'A feed was paused',
        message:
          'The Loopback Blog: Paused after 5 failed checks in a row: The feed could not be downloaded (HTTP 500).',
      },
    ]);
    // Resumed, it is checked again with its failures counted from zero.
    blog.failWith = null;
    const resumed = await ok<{ feed: FeedDto }>(call(`/${feed.id}/resume`, { method: 'POST' }));
    expect(resumed.feed).toMatchObject({ status: 'active', pausedReason: null, consecutiveFailures: 0 });
    expect((await checkNow(feed.id)).taken).toBe(3);
  });

  it('checks every active feed in the timed job, and leaves a paused one alone', async () => {
    const active = await addFeed();
    const drafts = await addFeed({ target: 'drafts', queueId: null });
    const paused = await addFeed({ url: `${blog.url}/feed.xml?copy=2`, template: 'Paused: {title}' });
    await ok(call(`/${paused.id}/pause`, { method: 'POST' }));
    const run = await runFeedsJob(t.deps);
    expect(run).toEqual({ checked: 2, taken: 6, failed: 0 });
    expect(await queueItems()).toHaveLength(3);
    const draftPosts = await t.deps.db
      .selectFrom('scheduledPosts')
      .select(['content', 'isDraft', 'status', 'socialAccountId'])
      .where('userId', '=', user.id)
      .orderBy('createdAt')
      .execute();
    expect(draftPosts).toHaveLength(3);
    expect(draftPosts.every((post) => post.isDraft === 1 && post.socialAccountId === accountId)).toBe(true);
    // Checked a moment ago: the next pass within 25 minutes does not read them again.
    expect(await runFeedsJob(t.deps)).toMatchObject({ checked: 0 });
    const { feeds } = await ok<FeedListDto>(call(''));
    expect(feeds.map((feed) => [feed.id, feed.itemsTaken, feed.status])).toEqual([
      [active.id, 3, 'active'],
      [drafts.id, 3, 'active'],
      [paused.id, 0, 'paused'],
    ]);
  });

  it("takes an item's image as media when the option is on", async () => {
    for (const item of blog.items) item.image = `${blog.url}/image.png`;
    const feed = await addFeed({ takeImage: true });
    await checkNow(feed.id);
    const { queue } = await ok<{ queue: QueueDto }>(
      t.request(`/api/queues/${queueId}`, { headers: user.headers }),
    );
    expect(queue.items).toHaveLength(3);
    for (const item of queue.items) expect(item.media).toMatchObject([{ mimeType: 'image/png' }]);
  });

  it('keeps the composer message of an item an account refuses, and still counts the check as a success', async () => {
    const instagram = await createAccount(t, user.id, 'instagram');
    const feed = await addFeed({ accountIds: [accountId, instagram] });
    const { feed: after } = await checkNow(feed.id);
    expect(after).toMatchObject({ itemsTaken: 3, lastError: null, consecutiveFailures: 0 });
    expect(after.lastItemProblem).toBe('"Article 6": Instagram posts require a photo or video.');
    expect(await queueItems()).toHaveLength(3);
  });

  it('refuses an address that is not a feed, or answers an error, with a clear message', async () => {
    const notFeed = await call('', {
      method: 'POST',
      json: { url: `${blog.url}/image.png`, target: 'queue', queueId, accountIds: [accountId] },
    });
    expect(notFeed.status).toBe(400);
    expect(await notFeed.json()).toMatchObject({
      field: 'url',
      message: 'This address does not serve an RSS, Atom or JSON feed.',
    });
    const missing = await call('', {
      method: 'POST',
      json: { url: `${blog.url}/nothing`, target: 'queue', queueId, accountIds: [accountId] },
    });
    expect((await missing.json()).message).toBe('The feed could not be downloaded (HTTP 404).');
    const huge = await call('', {
      method: 'POST',
      json: { url: `${blog.url}/huge.xml`, target: 'queue', queueId, accountIds: [accountId] },
    });
    expect(await huge.json()).toMatchObject({ field: 'url', message: 'The feed is larger than 2 MB.' });
    const bad = await call('', { method: 'POST', json: { url: 'ftp://x', target: 'queue', accountIds: [] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Please enter a valid http or https address.');
    const noQueue = await call('', {
      method: 'POST',
      json: { url: `${blog.url}/feed.xml`, target: 'queue', accountIds: [accountId] },
    });
    expect(await noQueue.json()).toMatchObject({
      field: 'queueId',
      message: 'Choose the queue the feed fills.',
    });
  });

  it('puts the feeds in "Download my data"', async () => {
    await addFeed({ template: '{title}' });
    const res = await t.request('/api/settings/export', { headers: user.headers });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(JSON.parse(new TextDecoder().decode(files['feeds.json']))).toMatchObject([
      { url: `${blog.url}/feed.xml`, target: 'queue', queueId, template: '{title}', status: 'active' },
    ]);
  });

  it("refuses another user's queue, accounts and feeds with 404", async () => {
    const feed = await addFeed();
    const other = await createUser(t);
    const otherAccount = await createAccount(t, other.id, 'linkedin');
    const url = `${blog.url}/feed.xml`;
    const foreignQueue = await call(
      '',
      { method: 'POST', json: { url, target: 'queue', queueId, accountIds: [otherAccount] } },
      other,
    );
    expect(foreignQueue.status).toBe(404);
    expect((await foreignQueue.json()).message).toBe('Queue not found');
    const foreignAccount = await call(
      '',
      { method: 'POST', json: { url, target: 'drafts', accountIds: [accountId] } },
      other,
    );
    expect(foreignAccount.status).toBe(404);
    expect((await foreignAccount.json()).message).toBe('Account not found');
    for (const [method, path] of [
      ['GET', `/${feed.id}`],
      ['PATCH', `/${feed.id}`],
      ['POST', `/${feed.id}/check`],
      ['POST', `/${feed.id}/pause`],
      ['DELETE', `/${feed.id}`],
    ] as const) {
      const res = await call(
        path,
        { method, json: method === 'PATCH' ? { template: '{title}' } : undefined },
        other,
      );
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await ok<FeedListDto>(call('', {}, other))).feeds).toEqual([]);
    const { feed: mine } = await ok<{ feed: FeedDto }>(call(`/${feed.id}`));
    expect(mine).toMatchObject({ status: 'active', template: '{title} {url}' });
  });
});

describe('feeds with private addresses refused (the default)', () => {
  let t: TestApp;
  let user: PostsUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
    blog.requests = [];
  });
  afterAll(() => t.close());

  it('refuses a loopback or cloud metadata address through the media guard', async () => {
    const accountId = await createAccount(t, user.id, 'linkedin');
    for (const url of [
      `${blog.url}/feed.xml`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/feed',
    ]) {
      const res = await t.request('/api/feeds', {
        method: 'POST',
        headers: user.headers,
        json: { url, target: 'drafts', accountIds: [accountId] },
      });
      expect(res.status, url).toBe(400);
      expect(await res.json()).toMatchObject({
        field: 'url',
        message: 'This address points to a private or local network and cannot be fetched.',
      });
    }
    expect(blog.requests.filter((headers) => headers['user-agent'] === 'Postloom feed reader')).toEqual([]);
  });

  it('checks every redirect: a feed that redirects to the cloud metadata address is refused', async () => {
    // The entry address is let through as if it were public; the hop it redirects to is not.
    const entryOnly = (_address: string, url: URL) => url.pathname !== '/to-metadata';
    await expect(
      fetchFeed(t.deps, `${blog.url}/to-metadata`, undefined, { isRefused: entryOnly }),
    ).rejects.toThrow('This address points to a private or local network and cannot be fetched.');
  });

  it('gives up on a feed that stops sending after the 15 s time limit, with a clear message', async () => {
    const started = Date.now();
    await expect(
      fetchFeed({ config: { ALLOW_PRIVATE_MEDIA_URLS: true } }, `${blog.url}/stall`),
    ).rejects.toThrow('The feed took too long to answer.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(FEED_LIMITS.timeoutMs - 100);
  }, 45_000);

  it("offers the demo sandbox's example feed: its one origin is the guard's only exception", async () => {
    expect(t.config.DEMO_MODE).toBe(true);
    const res = await t.request('/api/feeds', { headers: user.headers });
    expect(await res.json()).toEqual({
      feeds: [],
      exampleFeedUrl: `${sandboxBaseUrl(t.config)}${SANDBOX_EXAMPLE_FEEDS.rss}`,
    });
  });
});
