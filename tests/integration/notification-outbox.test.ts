import { afterEach, describe, expect, it } from 'vitest';
import { runPruneJob } from '../../server/maintenance/prune.job.js';
import { createNotification } from '../../server/notifications/create-notification.js';
import { saveNotificationPreferences } from '../../server/notifications/notification-preferences.js';
import {
  deliverDueNotifications,
  NOTIFICATION_RETRY_WAITS_MS,
} from '../../server/notifications/notification-worker.js';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
} from '../../shared/settings/notification-preferences.js';
import {
  type PushService,
  type SmtpServer,
  startPushService,
  startSilentSmtp,
  startSmtp,
} from '../support/delivery-servers.js';
import { createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The e-mail and push of a notification are written with it and sent by the delivery worker
// that createTestApp runs, as server/main.ts does (issue 26).

let t: TestApp | undefined;
const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  // The servers first: an attempt still waiting on one ends, so the worker can stop.
  for (const close of closers.splice(0)) await close();
  await t?.close();
  t = undefined;
});

async function mailServer(options: Parameters<typeof startSmtp>[0] = {}): Promise<SmtpServer> {
  const smtp = await startSmtp(options);
  closers.push(smtp.close);
  return smtp;
}

async function app(smtpUrl: string, env: Record<string, string> = {}) {
  const started = await createTestApp({ SMTP_URL: smtpUrl, ALLOW_PRIVATE_MEDIA_URLS: 'on', ...env });
  t = started;
  return started;
}

const postsBy = (channels: NotificationPreferences['posts']): NotificationPreferences => ({
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  posts: channels,
});

async function userWith(app: TestApp, preferences: NotificationPreferences): Promise<InProcessUser> {
  const user = await createSignedInUser(app);
  await saveNotificationPreferences(app.deps.db, user.id, preferences);
  return user;
}

function published(app: TestApp, user: InProcessUser, title = 'Post published') {
  return createNotification(app.deps, {
    userId: user.id,
    type: 'post_success',
    title,
    message: 'Your X post was published.',
    data: { postId: 'post-1' },
  });
}

const deliveries = (app: TestApp) =>
  app.deps.db.selectFrom('notificationDeliveries').selectAll().orderBy('createdAt').execute();

async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('notification e-mails from the outbox', () => {
  it("stores a post notification's e-mail with it and sends it once; an in-app notification has none", async () => {
    const smtp = await mailServer();
    const a = await app(smtp.url);
    const user = await userWith(a, postsBy({ email: true, push: false }));
    const notification = await published(a, user);
    await createNotification(a.deps, {
      userId: user.id,
      type: 'account',
      title: 'X account needs reconnecting',
      message: 'Please reconnect it.',
    });
    await until(async () => (await deliveries(a))[0]?.status === 'done');
    const [row, ...others] = await deliveries(a);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      notificationId: notification.id,
      userId: user.id,
      category: 'posts',
      title: 'Post published',
      path: '/sent',
      attemptCount: 1,
      lastError: null,
      nextAttemptAt: null,
    });
    expect(row?.emailSentAt).toBeGreaterThan(0);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.data).toMatch(/Subject: Postloom: Post published/);
  });

  it('sends nothing but marks it done when the user has e-mail and push off at delivery time', async () => {
    const smtp = await mailServer();
    const a = await app(smtp.url);
    const user = await userWith(a, DEFAULT_NOTIFICATION_PREFERENCES);
    await published(a, user);
    await until(async () => (await deliveries(a))[0]?.status === 'done');
    expect(smtp.mails).toEqual([]);
    expect((await deliveries(a))[0]).toMatchObject({ emailSentAt: null, pushSentAt: null });
  });

  it('tries a refused e-mail again after the first wait, and sends it once', async () => {
    const smtp = await mailServer({ refuse: 1 });
    const a = await app(smtp.url);
    const user = await userWith(a, postsBy({ email: true, push: false }));
    await published(a, user);
    await until(async () => (await deliveries(a))[0]?.attemptCount === 1);
    const [failed] = await deliveries(a);
    expect(failed).toMatchObject({ status: 'pending', emailSentAt: null });
    expect(failed?.lastError).toMatch(/451/);
    expect(failed?.nextAttemptAt).toBeGreaterThan(Date.now() + NOTIFICATION_RETRY_WAITS_MS[0] - 5_000);
    expect(smtp.refused).toBe(1);
    expect(smtp.mails).toEqual([]);

    // Not due before its wait is over; then the next pass sends it.
    expect(await deliverDueNotifications(a.deps)).toBe(0);
    expect(await deliverDueNotifications(a.deps, Date.now() + NOTIFICATION_RETRY_WAITS_MS[0])).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect((await deliveries(a))[0]).toMatchObject({ status: 'done', attemptCount: 2, lastError: null });
  });

  it('gives up after the fourth refusal', async () => {
    const smtp = await mailServer({ refuse: 10 });
    const a = await app(smtp.url);
    const user = await userWith(a, postsBy({ email: true, push: false }));
    await published(a, user);
    await until(async () => (await deliveries(a))[0]?.attemptCount === 1);
    for (const wait of NOTIFICATION_RETRY_WAITS_MS) {
      expect(await deliverDueNotifications(a.deps, Date.now() + wait)).toBe(1);
    }
    const [row] = await deliveries(a);
    expect(row).toMatchObject({ status: 'failed', attemptCount: 4, nextAttemptAt: null });
    expect(await deliverDueNotifications(a.deps, Date.now() + 365 * 86_400_000)).toBe(0);
    expect(smtp.refused).toBe(4);
  });

  it('sends only the push when an earlier attempt already sent the e-mail', async () => {
    const smtp = await mailServer();
    const push: PushService = await startPushService();
    closers.push(push.close);
    const a = await app(smtp.url);
    const user = await userWith(a, postsBy({ email: true, push: true }));
    const subscribed = await a.request('/api/notifications/push/subscriptions', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: push.subscription,
    });
    expect(subscribed.status).toBe(201);
    // As a retry after a failed push finds it: the e-mail recorded as sent.
    await a.deps.db.transaction().execute(async (trx) => {
      await published({ ...a, deps: { ...a.deps, db: trx } }, user);
      await trx.updateTable('notificationDeliveries').set({ emailSentAt: Date.now() }).execute();
    });
    await until(async () => (await deliveries(a))[0]?.status === 'done');
    expect(push.received).toHaveLength(1);
    expect(smtp.mails).toEqual([]);
    expect((await deliveries(a))[0]?.pushSentAt).toBeGreaterThan(0);
  });

  it('keeps its claim while a slow mail server takes longer than the lease, so no second worker sends it', async () => {
    const silent = await startSilentSmtp();
    closers.push(silent.close);
    const a = await app(silent.url, { NOTIFICATION_LEASE_MS: '1000' });
    const user = await userWith(a, postsBy({ email: true, push: false }));
    await published(a, user);
    await until(() => silent.connections() > 0);
    const [claimed] = await deliveries(a);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    // Two and a half leases later the claim is still held, renewed by the attempt in flight.
    expect(await deliverDueNotifications(a.deps)).toBe(0);
    const [held] = await deliveries(a);
    expect(held?.claimedBy).toBe(claimed?.claimedBy);
    expect(held?.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(silent.connections()).toBe(1);
  });

  it('the hourly prune forgets finished deliveries after a week, and never one still to send', async () => {
    const smtp = await mailServer();
    const a = await app(smtp.url);
    const user = await userWith(a, postsBy({ email: true, push: false }));
    await published(a, user, 'Sent');
    await until(async () => (await deliveries(a))[0]?.status === 'done');
    await a.deps.db.transaction().execute(async (trx) => {
      await published({ ...a, deps: { ...a.deps, db: trx } }, user, 'Not yet due');
      await trx
        .updateTable('notificationDeliveries')
        .set({ nextAttemptAt: Date.now() + 30 * 86_400_000 })
        .where('title', '=', 'Not yet due')
        .execute();
    });
    expect((await runPruneJob(a.deps, Date.now() + 6 * 86_400_000)).notificationDeliveries).toBe(0);
    expect((await runPruneJob(a.deps, Date.now() + 8 * 86_400_000)).notificationDeliveries).toBe(1);
    expect((await deliveries(a)).map((row) => row.title)).toEqual(['Not yet due']);
  });
});
