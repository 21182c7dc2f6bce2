import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { AccountDto } from '../../../shared/accounts/account';
import { saveAuth } from '../../lib/auth-store';
import { setServerUrl } from '../../lib/server-address';
import { type FakeApiServer, startFakeApiServer, UNAUTHORIZED } from '../../testing/fake-api-server';
import { addToQueue, itemText } from './queue-items';

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

function account(id: string, platform: AccountDto['platform']): AccountDto {
  return {
    id,
    platform,
    accountName: `${platform} ${id}`,
    accountHandle: null,
    avatarUrl: null,
    status: 'active',
    isSandbox: true,
    expiresAt: null,
    lastError: null,
    createdAt: new Date().toISOString(),
  };
}

describe('adding the page to a queue from the popup', () => {
  it("uses the written text, or else the page's title and link", () => {
    expect(itemText('My take', { title: 'A story', url: 'https://example.com' })).toBe('My take');
    expect(itemText('  ', { title: 'A story', url: 'https://example.com' })).toBe(
      'A story\nhttps://example.com',
    );
    expect(itemText('', null)).toBe('');
  });

  it('creates one item per chosen account with its platform default type, with the bearer token', async () => {
    api.routes.set('POST /api/queues/q1/items', { status: 201, body: { queue: {}, item: {} } });
    const results = await addToQueue({
      queueId: 'q1',
      accounts: [account('a', 'twitter'), account('b', 'tiktok')],
      content: 'Read this',
      mediaIds: ['m1'],
    });
    expect(results.map((r) => r.error)).toEqual([null, null]);
    expect(api.requests.map((r) => [r.authorization, r.body])).toEqual([
      ['Bearer tok', { socialAccountId: 'a', postType: 'single', content: 'Read this', media: ['m1'] }],
      ['Bearer tok', { socialAccountId: 'b', postType: 'video', content: 'Read this', media: ['m1'] }],
    ]);
  });

  it("keeps the server's message per account and stops when the session has ended", async () => {
    api.routes.set('POST /api/queues/q1/items', {
      status: 400,
      body: { code: 'validation_error', message: 'At least one media file is required' },
    });
    const refused = await addToQueue({
      queueId: 'q1',
      accounts: [account('b', 'tiktok')],
      content: 'x',
      mediaIds: [],
    });
    expect(refused[0]?.error).toBe('At least one media file is required');

    api.routes.set('POST /api/queues/q1/items', UNAUTHORIZED);
    const signedOut = await addToQueue({
      queueId: 'q1',
      accounts: [account('a', 'twitter'), account('c', 'linkedin')],
      content: 'x',
      mediaIds: [],
    });
    expect(signedOut).toHaveLength(1);
    expect(signedOut[0]?.error).toBe('Your session has expired. Please sign in again to continue.');
  });
});
