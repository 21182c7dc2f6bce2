import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../shared/settings/notification-preferences.js';
import { startPushService, startSmtp } from '../support/delivery-servers.js';
import {
  connectAccount,
  createPost,
  createServedTestApp,
  publishNow,
  resetSandbox,
  type ServedApp,
  signedInUser,
  type TestUser,
} from '../support/publishing-support.js';

let sandbox: RunningSandbox;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: ServedApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
  smtp = await startSmtp();
});
afterAll(async () => {
  await sandbox.close();
  await smtp.close();
});
afterEach(async () => {
  await t?.close();
});

async function setup(preferences: NotificationPreferences) {
  await resetSandbox(sandbox);
  smtp.mails.length = 0;
  t = await createServedTestApp({
    SANDBOX_URL: sandbox.url,
    SMTP_URL: smtp.url,
    ALLOW_PRIVATE_MEDIA_URLS: 'on',
  });
  const user = await signedInUser(t);
  const saved = await t.request('/api/settings/notifications', {
    method: 'PUT',
    headers: { cookie: user.cookie },
    json: preferences,
  });
  expect(saved.status).toBe(200);
  const account = await connectAccount(t, user, 'linkedin');
  return { user, account };
}

async function publish(user: TestUser, accountId: string, content: string) {
  const post = await createPost(t, user, { socialAccountId: accountId, content });
  expect((await publishNow(t, user, post.id)).status).toBe('posted');
}

async function settle(check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('e-mail for post notifications', () => {
  it('with e-mail on for posts, a published post sends a mail through the SMTP server of SMTP_URL', async () => {
    const { user, account } = await setup({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      posts: { email: true, push: false },
    });
    await publish(user, account.id, 'Mailed when published');
    await settle(() => smtp.mails.length > 0);
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail?.to).toEqual([`${user.id}@example.com`]);
    expect(mail?.data).toMatch(/Subject: Postloom: Post published/);
    expect(mail?.data).toContain('Your LinkedIn post was published.');
  });

  it('with e-mail off, none is sent', async () => {
    const { user, account } = await setup(DEFAULT_NOTIFICATION_PREFERENCES);
    await publish(user, account.id, 'Not mailed');
    // The in-app notification is there; the mail would have gone out by now.
    await settle(() => false, 1000);
    expect(smtp.mails).toEqual([]);
    const notes = await t.deps.db
      .selectFrom('notifications')
      .select('type')
      .where('userId', '=', user.id)
      .execute();
    expect(notes.map((n) => n.type)).toEqual(['post_success']);
  });
});

describe('Web Push for post notifications', () => {
  it('with push on, the browser subscribed gets an encrypted, VAPID-signed message', async () => {
    const push = await startPushService();
    try {
      const { user, account } = await setup({
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        posts: { email: false, push: true },
      });
      const key = await (
        await t.request('/api/notifications/push/key', { headers: { cookie: user.cookie } })
      ).json();
      const subscribed = await t.request('/api/notifications/push/subscriptions', {
        method: 'POST',
        headers: { cookie: user.cookie },
        json: push.subscription,
      });
      expect(subscribed.status).toBe(201);
      await publish(user, account.id, 'Pushed when published');
      await settle(() => push.received.length > 0);
      expect(push.received).toHaveLength(1);
      const [message] = push.received;
      expect(message?.headers['content-encoding']).toBe('aes128gcm');
      expect(message?.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key.publicKey}$`),
      );
      expect(message?.payload).toMatchObject({
        title: 'Post published',
        body: 'Your LinkedIn post was published.',
        url: '/sent',
      });
      expect(smtp.mails).toEqual([]);
    } finally {
      await push.close();
    }
  });

  it('forgets a subscription the push service says is gone', async () => {
    const push = await startPushService(410);
    try {
      const { user, account } = await setup({
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        posts: { email: false, push: true },
      });
      await t.request('/api/notifications/push/subscriptions', {
        method: 'POST',
        headers: { cookie: user.cookie },
        json: push.subscription,
      });
      await publish(user, account.id, 'To a browser that left');
      await settle(() => push.received.length > 0);
      await settle(() => false, 300);
      expect(await t.deps.db.selectFrom('pushSubscriptions').selectAll().execute()).toEqual([]);
    } finally {
      await push.close();
    }
  });

  it('refuses a push address on a private network or without https (the server would post to it)', async () => {
    t = await createServedTestApp({ SANDBOX_URL: sandbox.url });
    const user = await signedInUser(t);
    for (const endpoint of [
      'http://push.example.org/x',
      'https://127.0.0.1/push',
      'https://169.254.169.254/latest',
    ]) {
      const res = await t.request('/api/notifications/push/subscriptions', {
        method: 'POST',
        headers: { cookie: user.cookie },
        json: { endpoint, keys: { p256dh: 'BNc', auth: 'x' } },
      });
      expect(res.status, endpoint).toBe(400);
    }
  });
});
