import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AccountDto } from '../../../shared/accounts/account';
import type { PostDto } from '../../../shared/posts/api';
import { saveAuth } from '../../lib/auth-store';
import { setServerUrl } from '../../lib/server-address';
import { type FakeApiServer, startFakeApiServer } from '../../testing/fake-api-server';
import { createPosts, describeResult, NOT_SENT_WITH_OTHERS, type PostResult } from './create-posts';

vi.mock('wxt/browser', async () => ({ browser: (await import('wxt/testing/fake-browser')).fakeBrowser }));

let api: FakeApiServer;
beforeAll(async () => {
  api = await startFakeApiServer();
});
afterAll(() => api.close());
beforeEach(async () => {
  fakeBrowser.reset();
  api.requests.length = 0;
  api.routes.clear();
  await setServerUrl(api.url);
  await saveAuth({
    token: 'tok',
    email: 'ann@example.com',
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  });
});

const x: AccountDto = {
  id: 'a1',
  platform: 'twitter',
  accountName: 'Ann on X',
  accountHandle: 'ann',
  avatarUrl: null,
  status: 'active',
  isSandbox: true,
  expiresAt: null,
  lastError: null,
  createdAt: new Date().toISOString(),
};

function post(overrides: Partial<PostDto>): PostDto {
  return {
    id: 'p1',
    socialAccountId: 'a1',
    platform: 'twitter',
    content: 'hello',
    status: 'scheduled',
    isDraft: false,
    scheduledAt: null,
    postedAt: null,
    postType: 'single',
    media: [],
    tweets: null,
    metadata: {},
    platformPostId: null,
    platformPostUrl: null,
    errorMessage: null,
    account: null,
    metrics: null,
    groupId: null,
    customized: false,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

const fb: AccountDto = { ...x, id: 'a2', platform: 'facebook', accountName: 'Ann Page', accountHandle: null };
const li: AccountDto = { ...x, id: 'a3', platform: 'linkedin', accountName: 'Ann Co', accountHandle: null };

function group(posts: PostDto[]) {
  return { group: { id: 'g1', shared: { content: 'hi', media: [], link: null }, posts }, problems: [] };
}

describe('posting from the popup', () => {
  it('posts to three accounts as one group, in one request, and shows each outcome', async () => {
    const url = 'https://x.example/ann/status/1';
    api.routes.set('POST /api/post-groups', {
      status: 201,
      body: group([
        post({ id: 'p1', socialAccountId: 'a1', groupId: 'g1', status: 'posted', platformPostUrl: url }),
        post({
          id: 'p2',
          socialAccountId: 'a2',
          groupId: 'g1',
          platform: 'facebook',
          status: 'failed',
          errorMessage: 'Page refused',
        }),
        post({ id: 'p3', socialAccountId: 'a3', groupId: 'g1', platform: 'linkedin', status: 'posted' }),
      ]),
    });
    const results = await createPosts({
      accounts: [x, fb, li],
      content: 'hi',
      mediaIds: ['m1'],
      action: 'publish',
      scheduledAt: null,
    });
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/post-groups']);
    expect(api.requests[0]!.body).toEqual({
      accountIds: ['a1', 'a2', 'a3'],
      shared: { content: 'hi', media: ['m1'] },
      action: 'publish',
    });
    expect(results.map((result) => describeResult('publish', result, 'Posted'))).toEqual([
      { tone: 'success', text: 'Posted', url },
      { tone: 'error', text: 'Failed: Page refused' },
      { tone: 'success', text: 'Posted', url: null },
    ]);
  });

  it("names each account's own problem when the server refuses the group", async () => {
    api.routes.set('POST /api/post-groups', {
      status: 400,
      body: {
        code: 'validation_error',
        message: 'Your tweet is too long',
        details: {
          problems: [
            { accountId: 'a1', platform: 'twitter', field: 'content', message: 'Your tweet is too long' },
          ],
        },
      },
    });
    const results = await createPosts({
      accounts: [x, fb],
      content: 'long',
      mediaIds: [],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(results.map((result) => result.error)).toEqual(['Your tweet is too long', NOT_SENT_WITH_OTHERS]);
    expect((api.requests[0]!.body as { scheduledAt?: string }).scheduledAt).toBeTruthy();
  });

  it('says "Sending..." until a post the engine retries has an outcome, then the failure with its reason', async () => {
    // The engine will retry: Post Now answers before the outcome, which a read of the post gives.
    api.routes.set('POST /api/posts', { status: 201, body: { post: post({ status: 'scheduled' }) } });
    const reason = 'You are not allowed to create a Tweet with duplicate content.';
    api.routes.set('GET /api/posts/p1', {
      status: 200,
      body: { post: post({ status: 'failed', errorMessage: reason }) },
    });
    const seen: string[] = [];
    const done = (items: PostResult[]) => items.map((item) => describeResult('publish', item, 'Posted').text);
    const results = await createPosts({
      accounts: [x],
      content: 'hello',
      mediaIds: [],
      action: 'publish',
      scheduledAt: null,
      pollMs: 1,
      onProgress: (items) => seen.push(...done(items)),
    });
    expect(seen[0]).toBe('Sending...');
    expect(done(results)).toEqual([`Failed: ${reason}`]);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/posts',
      'GET /api/posts/p1',
    ]);
  });

  it("keeps the server's refusal of Post Now as the account's error", async () => {
    api.routes.set('POST /api/posts', {
      status: 429,
      body: { code: 'rate_limited', message: 'You have reached the posting limit for X.' },
    });
    const [result] = await createPosts({
      accounts: [x],
      content: 'hi',
      mediaIds: [],
      action: 'publish',
      scheduledAt: null,
    });
    expect(describeResult('publish', result!, 'Posted')).toEqual({
      tone: 'error',
      text: 'You have reached the posting limit for X.',
    });
  });

  it('says what was done for scheduled posts without following them', async () => {
    api.routes.set('POST /api/posts', { status: 201, body: { post: post({}) } });
    const [result] = await createPosts({
      accounts: [x],
      content: 'later',
      mediaIds: [],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(describeResult('schedule', result!, 'Scheduled').text).toBe('Scheduled');
    expect(api.requests).toHaveLength(1);
  });
});
