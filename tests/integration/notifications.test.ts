import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNotification } from '../../server/notifications/create-notification.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { signUpConfirmed } from './auth-helpers.js';

describe('notifications API', () => {
  let t: TestApp;
  let cookie: string;
  let userId: string;

  beforeEach(async () => {
    t = await createTestApp();
    cookie = await signUpConfirmed(t, 'notes@postloom.test');
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'notes@postloom.test')
      .executeTakeFirstOrThrow();
    userId = user.id;
  });
  afterEach(() => t.close());

  async function notify(title: string, targetUserId = userId) {
    return createNotification(t.deps, {
      userId: targetUserId,
      type: 'post_success',
      title,
      message: `${title} message`,
    });
  }

  it('lists the newest 50 notifications, newest first, with the unread count', async () => {
    for (let i = 0; i < 55; i += 1) await notify(`n${i}`);
    const res = await t.request('/api/notifications', { headers: { cookie } });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.notifications).toHaveLength(50);
    expect(body.unreadCount).toBe(55);
    expect(body.notifications[0].title).toBe('n54');
  });

  it('marks some, then all, as read', async () => {
    const a = await notify('a');
    await notify('b');
    await notify('c');
    const some = await t.request('/api/notifications/read', {
      method: 'POST',
      headers: { cookie },
      json: { ids: [a.id] },
    });
    expect((await some.json()).unreadCount).toBe(2);
    const all = await t.request('/api/notifications/read-all', { method: 'POST', headers: { cookie } });
    expect(all.status).toBe(200);
    const list = await (await t.request('/api/notifications', { headers: { cookie } })).json();
    expect(list.unreadCount).toBe(0);
    expect(list.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('deletes one notification', async () => {
    const a = await notify('a');
    const res = await t.request(`/api/notifications/${a.id}`, { method: 'DELETE', headers: { cookie } });
    expect(res.status).toBe(200);
    const list = await (await t.request('/api/notifications', { headers: { cookie } })).json();
    expect(list.notifications).toHaveLength(0);
  });

  it("answers 404 for another user's notification and never marks it read", async () => {
    const otherCookie = await signUpConfirmed(t, 'other@postloom.test');
    const other = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'other@postloom.test')
      .executeTakeFirstOrThrow();
    const theirs = await notify('theirs', other.id);
    const del = await t.request(`/api/notifications/${theirs.id}`, { method: 'DELETE', headers: { cookie } });
    expect(del.status).toBe(404);
    await t.request('/api/notifications/read', {
      method: 'POST',
      headers: { cookie },
      json: { ids: [theirs.id] },
    });
    const list = await (await t.request('/api/notifications', { headers: { cookie: otherCookie } })).json();
    expect(list.unreadCount).toBe(1);
  });

  it('refuses a signed-out request', async () => {
    const res = await t.request('/api/notifications');
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('not_authenticated');
  });
});
