import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import type { FeedCheckDto, FeedDto, FeedListDto } from '../../shared/feeds/api.js';
import { SANDBOX_EXAMPLE_FEEDS } from '../../shared/platforms/sandbox-contract.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser } from './posts-support.js';

/** The demo sandbox's example feed, read by the product as a user would try it offline. */
describe('the sandbox example feed', () => {
  let sandbox: RunningSandbox;
  let t: TestApp;
  let user: PostsUser;
  let accountId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
    // The sandbox is on loopback, as in demo mode, and no private address is allowed otherwise:
    // feeds may read that one origin (the feed and its images), nothing else on this machine.
    t = await createTestApp({ SANDBOX_URL: sandbox.url });
    user = await createUser(t);
    accountId = await createAccount(t, user.id, 'linkedin');
    // A minute past the sandbox's next half hour: no new article comes on its own during the test.
    const halfHour = 30 * 60_000;
    await control(sandbox, '/clock', { advanceMs: halfHour - (Date.now() % halfHour) + 60_000 });
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  const call = (path: string, method = 'GET', json?: unknown) =>
    t.request(`/api/feeds${path}`, { method, headers: user.headers, json });

  it('is offered on the feeds list, fills drafts with images, and brings a new article every 30 minutes', async () => {
    const list = (await (await call('')).json()) as FeedListDto;
    expect(list.exampleFeedUrl).toBe(`${sandbox.url}${SANDBOX_EXAMPLE_FEEDS.rss}`);
    const added = await call('', 'POST', {
      url: list.exampleFeedUrl,
      target: 'drafts',
      accountIds: [accountId],
      takeImage: true,
      template: '{title} ({author}) {url}',
    });
    expect(added.status).toBe(201);
    const { feed } = (await added.json()) as { feed: FeedDto };
    expect(feed.title).toBe('Postloom Sandbox Blog');
    const first = (await (await call(`/${feed.id}/check`, 'POST')).json()) as FeedCheckDto;
    expect(first.taken).toBe(3);
    const drafts = await t.deps.db
      .selectFrom('scheduledPosts')
      .select(['id', 'content', 'media'])
      .where('userId', '=', user.id)
      .execute();
    expect(drafts).toHaveLength(3);
    for (const draft of drafts) {
      expect(draft.content).toMatch(
        /^Tip #\d+: .+ \(Sandy Box\) http:\/\/localhost:\d+\/_sandbox\/feeds\/articles\/\d+$/,
      );
      expect(JSON.parse(draft.media)).toHaveLength(1);
    }
    // Nothing new: the sandbox answers the conditional request with 304.
    expect(((await (await call(`/${feed.id}/check`, 'POST')).json()) as FeedCheckDto).taken).toBe(0);
    await control(sandbox, '/clock', { advanceMs: 30 * 60_000 });
    expect(((await (await call(`/${feed.id}/check`, 'POST')).json()) as FeedCheckDto).taken).toBe(1);
  });

  it('serves the same articles as Atom and JSON Feed', async () => {
    for (const path of [SANDBOX_EXAMPLE_FEEDS.atom, SANDBOX_EXAMPLE_FEEDS.json]) {
      const res = await call('', 'POST', {
        url: `${sandbox.url}${path}`,
        target: 'drafts',
        accountIds: [accountId],
      });
      expect(res.status, path).toBe(201);
      const { feed } = (await res.json()) as { feed: FeedDto };
      expect(((await (await call(`/${feed.id}/check`, 'POST')).json()) as FeedCheckDto).taken).toBe(3);
    }
  });

  it('reads only the sandbox itself: another address on this machine stays refused', async () => {
    const other = new URL(sandbox.url);
    other.port = String(Number(other.port) === 1 ? 2 : Number(other.port) - 1);
    for (const url of [`${other.origin}${SANDBOX_EXAMPLE_FEEDS.rss}`, 'http://127.0.0.1/feed.xml']) {
      const res = await call('', 'POST', { url, target: 'drafts', accountIds: [accountId] });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        'This address points to a private or local network and cannot be fetched.',
      );
    }
  });
});
