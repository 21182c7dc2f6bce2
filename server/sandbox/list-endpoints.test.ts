import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type MediaServer, startMediaServer } from './platforms/meta-test-support.js';
import { type RunningSandbox, startSandbox } from './sandbox-server.js';
import { control } from './sandbox-testing.js';
import type { SandboxPlatform } from './sandbox-types.js';

/**
 * The list endpoints the publishing engine asks after a lost answer: like the platforms' read
 * side, a new post only shows once `listDelayMs` (virtual time) has passed.
 */
let sandbox: RunningSandbox;
let media: MediaServer;
const X_USER = '1849372610458329088';
const PAGE = '106512345678901';
const IG_USER = '8831482265710417';
const TH_USER = '7723501948823116';
const MEMBER = 'mQ7vX2pL9k';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  media = await startMediaServer();
});
afterAll(async () => {
  await sandbox.close();
  await media.close();
});
beforeEach(async () => {
  await control(sandbox, '/reset', {});
  await control(sandbox, '/settings', { listDelayMs: 2000 });
});

/** An access token straight in the sandbox's state (these tests are about reading, not OAuth). */
function token(
  platform: SandboxPlatform,
  accountId: string,
  scopes: string[],
  extra: Record<string, string> = {},
) {
  const value = `test-${platform}-${Math.random().toString(36).slice(2)}`;
  sandbox.state.tokens.set(value, {
    token: value,
    kind: 'access',
    platform,
    clientId: 'client',
    accountId,
    scopes,
    issuedAt: Date.now(),
    expiresAt: null,
    revoked: false,
    consumed: false,
    extra,
  });
  return value;
}

async function call(path: string, bearer: string, init: RequestInit = {}) {
  const res = await fetch(`${sandbox.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${bearer}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: the platforms' JSON answers, read loosely by these tests
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, any> };
}

const later = (ms: number) => control(sandbox, '/clock', { advanceMs: ms });

describe('X user timeline', () => {
  const scopes = ['tweet.read', 'tweet.write', 'users.read'];

  async function tweet(bearer: string, text: string, replyTo?: string) {
    const res = await call('/api.x.com/2/tweets', bearer, {
      method: 'POST',
      body: JSON.stringify({ text, ...(replyTo ? { reply: { in_reply_to_tweet_id: replyTo } } : {}) }),
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  }

  it('lists a new post only after the listing delay, newest first, as X reads text back', async () => {
    const bearer = token('twitter', X_USER, scopes);
    const first = await tweet(bearer, 'Fish & chips <3 https://example.com/menu');
    const path = `/api.x.com/2/users/${X_USER}/tweets?tweet.fields=created_at,entities,referenced_tweets`;
    expect((await call(path, bearer)).body).toEqual({ meta: { result_count: 0 } });

    await later(2000);
    const second = await tweet(bearer, 'Second', first);
    const listed = await call(path, bearer);
    expect(listed.body.data.map((t: { id: string }) => t.id)).toEqual([first]);
    const [read] = listed.body.data;
    // Links come back as t.co addresses with the original in entities; & < > HTML-escaped.
    expect(read.text).toMatch(/^Fish &amp; chips &lt;3 https:\/\/t\.co\/\w{10}$/);
    expect(read.entities.urls[0].expanded_url).toBe('https://example.com/menu');

    await later(2000);
    const both = await call(`${path}&exclude=retweets`, bearer);
    expect(both.body.data.map((t: { id: string }) => t.id)).toEqual([second, first]);
    expect(both.body.data[0].referenced_tweets).toEqual([{ type: 'replied_to', id: first }]);
    const topLevel = await call(`${path}&exclude=replies`, bearer);
    expect(topLevel.body.data.map((t: { id: string }) => t.id)).toEqual([first]);
  });

  it('pages with next_token, honours start_time and checks max_results', async () => {
    const bearer = token('twitter', X_USER, scopes);
    for (let i = 0; i < 7; i += 1) await tweet(bearer, `Post ${i}`);
    await later(2000);
    const page1 = await call(`/api.x.com/2/users/${X_USER}/tweets?max_results=5`, bearer);
    expect(page1.body.data).toHaveLength(5);
    expect(page1.body.meta.next_token).toBeTruthy();
    const page2 = await call(
      `/api.x.com/2/users/${X_USER}/tweets?max_results=5&pagination_token=${page1.body.meta.next_token}`,
      bearer,
    );
    expect(page2.body.data.map((t: { text: string }) => t.text)).toEqual(['Post 1', 'Post 0']);
    const future = new Date(Date.now() + 60 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(
      (await call(`/api.x.com/2/users/${X_USER}/tweets?start_time=${future}`, bearer)).body.meta,
    ).toEqual({
      result_count: 0,
    });
    expect((await call(`/api.x.com/2/users/${X_USER}/tweets?max_results=500`, bearer)).status).toBe(400);
  });

  it('needs tweet.read', async () => {
    const bearer = token('twitter', X_USER, ['tweet.write', 'users.read']);
    expect((await call(`/api.x.com/2/users/${X_USER}/tweets`, bearer)).status).toBe(403);
  });
});

describe('Facebook Page published posts', () => {
  it("lists the Page's posts after the listing delay, for the Page's token only", async () => {
    const page = token('facebook', PAGE, ['pages_manage_posts'], { kind: 'page' });
    const created = await call(`/graph.facebook.com/v25.0/${PAGE}/feed`, page, {
      method: 'POST',
      body: JSON.stringify({ message: 'Open today' }),
    });
    const path = `/graph.facebook.com/v25.0/${PAGE}/published_posts?fields=id,message,permalink_url`;
    expect((await call(path, page)).body.data).toEqual([]);
    await later(2000);
    const listed = await call(`${path}&since=${Math.floor(Date.now() / 1000) - 60}`, page);
    expect(listed.body.data).toEqual([
      {
        id: created.body.id,
        message: 'Open today',
        permalink_url: expect.stringContaining(`/${PAGE}/posts/`),
      },
    ]);
    const user = token('facebook', '100094871234501', ['pages_manage_posts'], { kind: 'user' });
    expect((await call(path, user)).status).toBe(403);
  });
});

describe('Instagram media and Threads threads', () => {
  it('lists published Instagram media after the listing delay', async () => {
    const ig = token('instagram', IG_USER, ['instagram_business_content_publish']);
    const container = await call(`/graph.instagram.com/v25.0/${IG_USER}/media`, ig, {
      method: 'POST',
      body: JSON.stringify({ image_url: `${media.url}/photo.jpg`, caption: 'Sunset' }),
    });
    for (let i = 0; i < 50; i += 1) {
      const status = await call(`/graph.instagram.com/v25.0/${container.body.id}?fields=status_code`, ig);
      if (status.body.status_code === 'FINISHED') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const published = await call(
      `/graph.instagram.com/v25.0/${IG_USER}/media_publish?creation_id=${container.body.id}`,
      ig,
      { method: 'POST' },
    );
    expect(published.status).toBe(200);
    const path = `/graph.instagram.com/v25.0/${IG_USER}/media?fields=id,caption`;
    expect((await call(path, ig)).body.data).toEqual([]);
    expect(
      (await call(`/graph.instagram.com/v25.0/${container.body.id}?fields=status_code`, ig)).body.status_code,
    ).toBe('PUBLISHED');
    await later(2000);
    expect((await call(path, ig)).body.data).toEqual([{ id: published.body.id, caption: 'Sunset' }]);
  });

  it('lists a profile threads and its replies apart, after the listing delay', async () => {
    const th = token('threads', TH_USER, ['threads_basic', 'threads_content_publish']);
    const publish = async (text: string, replyTo?: string) => {
      const container = await call(`/graph.threads.net/v1.0/${TH_USER}/threads`, th, {
        method: 'POST',
        body: JSON.stringify({ media_type: 'TEXT', text, ...(replyTo ? { reply_to_id: replyTo } : {}) }),
      });
      const res = await call(
        `/graph.threads.net/v1.0/${TH_USER}/threads_publish?creation_id=${container.body.id}`,
        th,
        {
          method: 'POST',
        },
      );
      return res.body.id as string;
    };
    const root = await publish('Root');
    const reply = await publish('Reply', root);
    const fields = 'fields=id,text,replied_to';
    expect((await call(`/graph.threads.net/v1.0/${TH_USER}/threads?${fields}`, th)).body.data).toEqual([]);
    await later(2000);
    expect((await call(`/graph.threads.net/v1.0/${TH_USER}/threads?${fields}`, th)).body.data).toEqual([
      { id: root, text: 'Root' },
    ]);
    expect((await call(`/graph.threads.net/v1.0/${TH_USER}/replies?${fields}`, th)).body.data).toEqual([
      { id: reply, text: 'Reply', replied_to: { id: root } },
    ]);
  });
});

describe('LinkedIn posts by author', () => {
  const headers = { 'linkedin-version': '202610', 'x-restli-protocol-version': '2.0.0' };
  const author = `urn:li:person:${MEMBER}`;
  const path = `/api.linkedin.com/rest/posts?q=author&author=${encodeURIComponent(author)}`;

  async function post(bearer: string, commentary: string) {
    const res = await fetch(`${sandbox.url}/api.linkedin.com/rest/posts`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        author,
        commentary,
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED' },
        lifecycleState: 'PUBLISHED',
      }),
    });
    return res.headers.get('x-restli-id');
  }

  it("refuses to list a member's posts without the restricted r_member_social permission", async () => {
    const bearer = token('linkedin', MEMBER, ['openid', 'profile', 'w_member_social']);
    await post(bearer, 'Hello network');
    const res = await call(path, bearer, { headers });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCESS_DENIED');
  });

  it('lists them, newest first and after the listing delay, with it', async () => {
    const bearer = token('linkedin', MEMBER, ['w_member_social', 'r_member_social']);
    const urn = await post(bearer, 'Hello network');
    expect((await call(path, bearer, { headers })).body.elements).toEqual([]);
    await later(2000);
    const listed = await call(path, bearer, { headers });
    expect(listed.body.elements).toMatchObject([{ id: urn, author, commentary: 'Hello network' }]);
  });
});

describe('the listing delay setting', () => {
  it('is capped at the 2 seconds Postloom waits for at most in sandbox mode', async () => {
    const res = await control(sandbox, '/settings', { listDelayMs: 60_000 });
    expect((await res.json()).listDelayMs).toBe(2000);
  });
});
