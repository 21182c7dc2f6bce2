import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AccountDto } from '../../../shared/accounts/account';
import type { PostDto } from '../../../shared/posts/api';
import { saveAuth } from '../../lib/auth-store';
import { setServerUrl } from '../../lib/server-address';
import { type FakeApiServer, startFakeApiServer } from '../../testing/fake-api-server';
import { createPosts, describeResult, type PostResult } from './create-posts';

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

describe('posting from the popup', () => {
  it('says "Sending..." until the post has an outcome, then the failure with its reason', async () => {
    api.routes.set('POST /api/posts', { status: 201, body: { post: post({}) } });
    // The engine will retry: Post Now answers before the outcome, which a read of the post gives.
    api.routes.set('POST /api/posts/p1/publish', {
      status: 200,
      body: { post: post({ status: 'scheduled' }) },
    });
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
      'POST /api/posts/p1/publish',
      'GET /api/posts/p1',
    ]);
  });

  it('says "Posted" with the link once the platform has the post', async () => {
    api.routes.set('POST /api/posts', { status: 201, body: { post: post({}) } });
    const url = 'https://x.example/ann/status/1';
    api.routes.set('POST /api/posts/p1/publish', {
      status: 200,
      body: { post: post({ status: 'posted', platformPostUrl: url }) },
    });
    const [result] = await createPosts({
      accounts: [x],
      content: 'hi',
      mediaIds: [],
      action: 'publish',
      scheduledAt: null,
    });
    expect(describeResult('publish', result!, 'Posted')).toEqual({ tone: 'success', text: 'Posted', url });
  });

  it("keeps the server's refusal of Post Now as the account's error", async () => {
    api.routes.set('POST /api/posts', { status: 201, body: { post: post({}) } });
    api.routes.set('POST /api/posts/p1/publish', {
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
