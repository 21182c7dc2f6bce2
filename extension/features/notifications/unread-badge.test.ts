import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { getAuth, getAuthNotice, saveAuth } from '../../lib/auth-store';
import { setServerUrl } from '../../lib/server-address';
import { type FakeApiServer, startFakeApiServer, UNAUTHORIZED } from '../../testing/fake-api-server';
import { BADGE_ALARM, initUnreadBadge, refreshBadge } from './unread-badge';

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
});

async function signIn() {
  await saveAuth({
    token: 'token-1',
    expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    email: 'a@b.c',
  });
}

function unread(count: number) {
  api.routes.set('GET /api/notifications', { status: 200, body: { notifications: [], unreadCount: count } });
}

describe('the unread badge', () => {
  it('shows the unread count with the bearer token', async () => {
    await signIn();
    unread(3);
    expect(await refreshBadge()).toBe('3');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('3');
    expect(api.requests[0]?.authorization).toBe('Bearer token-1');
  });

  it("shows '99+' above 99 and 99 itself", async () => {
    await signIn();
    unread(100);
    expect(await refreshBadge()).toBe('99+');
    unread(99);
    expect(await refreshBadge()).toBe('99');
  });

  it('is empty when nothing is unread', async () => {
    await signIn();
    unread(0);
    expect(await refreshBadge()).toBe('');
  });

  it('is cleared and asks nothing of the server when signed out', async () => {
    await fakeBrowser.action.setBadgeText({ text: '7' });
    expect(await refreshBadge()).toBe('');
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
    expect(api.requests).toHaveLength(0);
  });

  it('signs out with the expiry message when the server answers 401', async () => {
    await signIn();
    api.routes.set('GET /api/notifications', UNAUTHORIZED);
    expect(await refreshBadge()).toBe('');
    expect(await getAuth()).toBeNull();
    expect(await getAuthNotice()).toBe('Your session has expired. Please sign in again to continue.');
  });

  it('refreshes on the minute alarm', async () => {
    await signIn();
    unread(0);
    const controller = new AbortController();
    initUnreadBadge(controller.signal);
    expect((await fakeBrowser.alarms.get(BADGE_ALARM))?.periodInMinutes).toBe(1);
    await vi.waitFor(async () => expect(api.requests.length).toBeGreaterThan(0));
    unread(12);
    await fakeBrowser.alarms.onAlarm.trigger({ name: BADGE_ALARM, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('12'));
    controller.abort();
  });

  it('refreshes right after signing in', async () => {
    unread(5);
    const controller = new AbortController();
    initUnreadBadge(controller.signal);
    await signIn();
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('5'));
    controller.abort();
  });
});
