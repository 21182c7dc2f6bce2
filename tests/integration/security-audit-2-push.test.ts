import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { issueEmailToken } from '../../server/auth/email-tokens.js';
import { hashPassword } from '../../server/auth/password.js';
import { sha256Hex } from '../../server/core/ids.js';
import { sendPushToUser } from '../../server/notifications/push/send-push.js';
import { type PushService, startPushService } from '../support/delivery-servers.js';
import { createSignedInUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Security audit 2, item 2: a push subscription lives as long as the session that registered
 * it, and an endpoint registered by one user is never moved to another.
 */

const PASSWORD = 'first-secret-1';
let t: TestApp;
const services: PushService[] = [];

beforeEach(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_MEDIA_URLS: 'on' });
});
afterEach(async () => {
  await Promise.all(services.splice(0).map((service) => service.close()));
  await t.close();
});

async function pushService(): Promise<PushService> {
  const service = await startPushService();
  services.push(service);
  return service;
}

interface Victim {
  id: string;
  email: string;
  /** The victim's own browser (cookie session). */
  browser: Record<string, string>;
  /** A bearer token of the victim's account in the attacker's hands (stolen extension token). */
  stolen: Record<string, string>;
  stolenToken: string;
}

async function victim(): Promise<Victim> {
  const user = await createSignedInUser(t);
  await t.deps.db
    .updateTable('users')
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  const row = await t.deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  const token = await t.deps.lucia.createSession(user.id, { remember: true, kind: 'token' });
  return {
    id: user.id,
    email: row.email,
    browser: { cookie: user.cookie },
    stolen: { authorization: `Bearer ${token.id}` },
    stolenToken: token.id,
  };
}

async function subscribe(headers: Record<string, string>, service: PushService) {
  return t.request('/api/notifications/push/subscriptions', {
    method: 'POST',
    headers,
    json: service.subscription,
  });
}

async function push(userId: string, body: string): Promise<number> {
  return sendPushToUser(t.deps, userId, { title: 'Post published', body, url: '/sent' });
}

const bodies = (service: PushService) => service.received.map((message) => message.payload.body);

describe('push subscriptions are tied to the session that made them', () => {
  it("a push endpoint registered with a stolen token stops getting the victim's notifications after a password change", async () => {
    const user = await victim();
    const mine = await pushService();
    const attackers = await pushService();
    expect((await subscribe(user.browser, mine)).status).toBe(201);
    expect((await subscribe(user.stolen, attackers)).status).toBe(201);
    expect(await push(user.id, 'before')).toBe(2);

    const changed = await t.request('/api/settings/password', {
      method: 'POST',
      headers: user.browser,
      json: { currentPassword: PASSWORD, newPassword: 'second-secret-2' },
    });
    expect(changed.status).toBe(200);
    expect(await push(user.id, 'after')).toBe(1);
    expect(bodies(mine)).toEqual(['before', 'after']);
    expect(bodies(attackers)).toEqual(['before']);
    const rows = await t.deps.db
      .selectFrom('pushSubscriptions')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(rows.map((row) => row.endpoint)).toEqual([mine.subscription.endpoint]);
  });

  it('a push endpoint registered with a stolen token goes when the victim ends that session', async () => {
    const user = await victim();
    const attackers = await pushService();
    await subscribe(user.stolen, attackers);
    const ended = await t.request(`/api/settings/sessions/${sha256Hex(user.stolenToken)}`, {
      method: 'DELETE',
      headers: user.browser,
    });
    expect(ended.status).toBe(200);
    expect(await push(user.id, 'after')).toBe(0);
    expect(attackers.received).toEqual([]);
  });

  it('a password reset silences every browser, the stolen session included', async () => {
    const user = await victim();
    const mine = await pushService();
    const attackers = await pushService();
    await subscribe(user.browser, mine);
    await subscribe(user.stolen, attackers);
    const { token } = await issueEmailToken(t.deps.db, user.id, 'reset');
    const reset = await t.request('/api/auth/password/update', {
      method: 'POST',
      json: { token, password: 'third-secret-3' },
    });
    expect(reset.status).toBe(200);
    expect(await push(user.id, 'after')).toBe(0);
    expect(await t.deps.db.selectFrom('pushSubscriptions').selectAll().execute()).toEqual([]);
  });

  it("signing out stops the browser's push", async () => {
    const user = await victim();
    const mine = await pushService();
    await subscribe(user.browser, mine);
    expect((await t.request('/api/auth/logout', { method: 'POST', headers: user.browser })).status).toBe(200);
    expect(await push(user.id, 'after')).toBe(0);
    expect(mine.received).toEqual([]);
  });

  it("posting another user's push endpoint does not move it to the poster", async () => {
    const user = await victim();
    const mine = await pushService();
    await subscribe(user.browser, mine);
    const attacker = await createSignedInUser(t);
    const impostor = await pushService();
    // The victim's endpoint with the attacker's keys: answered like any save, and nothing moves.
    const res = await subscribe(
      { cookie: attacker.cookie },
      { ...impostor, subscription: { ...impostor.subscription, endpoint: mine.subscription.endpoint } },
    );
    expect(res.status).toBe(201);
    expect(await push(attacker.id, 'for the attacker')).toBe(0);
    expect(await push(user.id, 'for the victim')).toBe(1);
    expect(bodies(mine)).toEqual(['for the victim']);
    const row = await t.deps.db
      .selectFrom('pushSubscriptions')
      .selectAll()
      .where('endpoint', '=', mine.subscription.endpoint)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: user.id, p256dh: mine.subscription.keys.p256dh });
  });

  it('an endpoint whose session ended is free for the next user of that browser', async () => {
    const user = await victim();
    const browser = await pushService();
    await subscribe(user.browser, browser);
    await t.request('/api/auth/logout', { method: 'POST', headers: user.browser });
    const next = await createSignedInUser(t);
    expect((await subscribe({ cookie: next.cookie }, browser)).status).toBe(201);
    expect(await push(next.id, 'for the next user')).toBe(1);
    expect(await push(user.id, 'for the first user')).toBe(0);
  });
});
