import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../server/core/errors.js';
import { runDueQueues } from '../../server/queues/queue-runner.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { ACCESS_HOLD_NOTICE, BILLING_MESSAGES } from '../../shared/billing/billing.js';
import type { QueueDto } from '../../shared/queues/api.js';
import {
  connectAccount,
  createServedTestApp,
  resetSandbox,
  type ServedApp,
  sandboxPublished,
  signedInUser,
  type TestUser,
} from '../support/publishing-support.js';
import { billingEnv, DAY, insertSubscription } from './billing-support.js';

/**
 * Security audit 2, item 1: with BILLING=lemonsqueezy the subscription gate covers the engine,
 * not only the API. Work planned during the trial is not sent once the trial has ended.
 */

let sandbox: RunningSandbox;
let t: ServedApp;
let user: TestUser;
let accountId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  await resetSandbox(sandbox);
  t = await createServedTestApp({ ...billingEnv(sandbox.url), PUBLISH_RETRY_BASE_MS: '100' });
  user = await signedInUser(t);
  accountId = (await connectAccount(t, user, 'threads')).id;
});
afterEach(async () => {
  await t.close();
});

async function api<T>(path: string, method = 'GET', json?: unknown): Promise<{ status: number; body: T }> {
  const res = await t.request(path, { method, headers: { cookie: user.cookie }, json });
  return { status: res.status, body: (await res.json()) as T };
}

async function schedulePost(content: string, inMs: number): Promise<string> {
  const { status, body } = await api<{ post: { id: string } }>('/api/posts', 'POST', {
    socialAccountId: accountId,
    content,
    media: [],
    action: 'schedule',
    scheduledAt: new Date(Date.now() + inMs).toISOString(),
  });
  expect(status).toBe(201);
  return body.post.id;
}

/** Time passes: the user signed up more than the 7 trial days ago. */
async function endTrial(): Promise<void> {
  await t.deps.db
    .updateTable('users')
    .set({ createdAt: Date.now() - 8 * DAY })
    .where('id', '=', user.id)
    .execute();
}

async function postRow(id: string) {
  return t.deps.db.selectFrom('scheduledPosts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function holdNotices() {
  const rows = await t.deps.db
    .selectFrom('notifications')
    .selectAll()
    .where('userId', '=', user.id)
    .execute();
  return rows.filter((row) => row.title === ACCESS_HOLD_NOTICE.title);
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the engine has swept `count` more times. */
async function sweeps(count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const before = (await t.deps.engine.health()).lastTick;
    await waitFor(
      async () => (await t.deps.engine.health()).lastTick,
      (tick) => tick !== before,
    );
  }
}

describe('the subscription gate in the engine', () => {
  it('a post scheduled during the trial is not published after the trial ends', async () => {
    const first = await schedulePost('Planned during the trial', 1500);
    const second = await schedulePost('Also planned during the trial', 1800);
    await endTrial();
    await t.deps.engine.start();

    for (const id of [first, second]) {
      const row = await waitFor(
        () => postRow(id),
        (post) => post.status !== 'scheduled' && post.status !== 'publishing',
      );
      expect(row.status).toBe('failed');
      expect(row.errorMessage).toBe(BILLING_MESSAGES.trialEnded);
    }
    expect(await sandboxPublished(sandbox, 'threads')).toEqual([]);
    // One notice for the lapse, not one per post (and no "Post failed" per post either). It is
    // written just after the posts fail.
    const notices = await waitFor(holdNotices, (rows) => rows.length > 0);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.message).toContain(BILLING_MESSAGES.trialEnded);
    const all = await t.deps.db
      .selectFrom('notifications')
      .select('title')
      .where('userId', '=', user.id)
      .execute();
    expect(all.map((row) => row.title)).toEqual([ACCESS_HOLD_NOTICE.title]);
  });

  it('sends nothing by surprise when access returns, and a withheld post can be rescheduled', async () => {
    const id = await schedulePost('Held while the trial is over', 1500);
    await endTrial();
    await t.deps.engine.start();
    await waitFor(
      () => postRow(id),
      (post) => post.status === 'failed',
    );

    await insertSubscription(t, user.id, { status: 'active' });
    await sweeps(3);
    expect((await postRow(id)).status).toBe('failed');
    expect(await sandboxPublished(sandbox, 'threads')).toEqual([]);

    const moved = await api<{ post: { status: string } }>(`/api/posts/${id}`, 'PATCH', {
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.post.status).toBe('scheduled');
    const posted = await waitFor(
      () => postRow(id),
      (post) => post.status === 'posted' || post.status === 'failed',
    );
    expect(posted.status).toBe('posted');
    expect((await sandboxPublished(sandbox, 'threads')).map((post) => post.text)).toEqual([
      'Held while the trial is over',
    ]);
  });

  it('Post Now through the engine is refused once the trial has ended', async () => {
    const id = await schedulePost('Not now', 60_000);
    await endTrial();
    const refusal = await t.deps.engine.publishNow(user.id, id).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('subscription_required');
    expect((await postRow(id)).status).toBe('scheduled');
    expect(await sandboxPublished(sandbox, 'threads')).toEqual([]);
  });

  it('a repeatable queue made during the trial does not run after the trial ends', async () => {
    const created = await api<{ queue: QueueDto }>('/api/queues', 'POST', {
      name: 'Forever free?',
      isRepeatable: true,
      intervalHours: 1,
    });
    expect(created.status).toBe(201);
    const queue = created.body.queue;
    for (const content of ['Tip one', 'Tip two']) {
      const item = await api(`/api/queues/${queue.id}/items`, 'POST', {
        socialAccountId: accountId,
        content,
      });
      expect(item.status).toBe(201);
    }
    const id = await schedulePost('A post of the same user', 1500);
    await endTrial();
    await t.deps.db
      .updateTable('queues')
      .set({ nextRun: Date.now() - 1000 })
      .where('id', '=', queue.id)
      .execute();

    expect(await runDueQueues(t.deps)).toBe(0);
    const row = await t.deps.db
      .selectFrom('queues')
      .selectAll()
      .where('id', '=', queue.id)
      .executeTakeFirstOrThrow();
    expect(row.isActive).toBe(0);
    expect(row.pausedReason).toBe(BILLING_MESSAGES.trialEnded);
    const posts = await t.deps.db
      .selectFrom('scheduledPosts')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(posts.map((post) => post.id)).toEqual([id]);
    // Another sweep changes nothing and says nothing more.
    expect(await runDueQueues(t.deps)).toBe(0);

    // The post falling due in the same lapse adds no second notice.
    await t.deps.engine.start();
    await waitFor(
      () => postRow(id),
      (post) => post.status === 'failed',
    );
    expect(await holdNotices()).toHaveLength(1);

    // Back with access, the queue shows why it stopped until the user resumes it.
    await insertSubscription(t, user.id, { status: 'active' });
    const shown = await api<{ queue: QueueDto }>(`/api/queues/${queue.id}`);
    expect(shown.body.queue).toMatchObject({ status: 'paused', pausedReason: BILLING_MESSAGES.trialEnded });
    const resumed = await api<{ queue: QueueDto }>(`/api/queues/${queue.id}`, 'PATCH', { isActive: true });
    expect(resumed.body.queue).toMatchObject({ status: 'active', pausedReason: null });
  });
});
