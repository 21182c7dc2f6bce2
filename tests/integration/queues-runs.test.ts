import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startQueueRunner } from '../../server/queues/queue-runner.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import type { QueueDto, QueueItemDto } from '../../shared/queues/api.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import {
  imageBytes,
  injectFault,
  resetSandbox,
  sandboxPublished,
  sandboxRequests,
  uploadMedia,
} from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Queue runs against the sandbox with a controllable clock: only `Date` is faked (timers stay
 * real), so the queue runner, the publishing engine and the in-process sandbox all see the
 * same jumps of the clock and keep working at their own real pace in between.
 */

const HOUR = 60 * 60_000;

let sandbox: RunningSandbox;
let t: TestApp;
let user: InProcessUser;
let stopRunner: (() => Promise<void>) | null = null;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  await resetSandbox(sandbox);
  t = await createTestApp({
    SANDBOX_URL: sandbox.url,
    PUBLISH_RETRY_BASE_MS: '100',
    PUBLISH_LEASE_MS: '5000',
  });
  user = await createSignedInUser(t);
});
afterEach(async () => {
  await stopRunner?.();
  stopRunner = null;
  await t.deps.engine.stop();
  await t.close();
  vi.useRealTimers();
});

async function start(): Promise<void> {
  await t.deps.engine.start();
  stopRunner = startQueueRunner(t.deps);
}

async function api<T>(
  path: string,
  method = 'GET',
  json?: unknown,
  status = method === 'POST' ? 201 : 200,
): Promise<T> {
  const res = await t.request(path, { method, headers: { cookie: user.cookie }, json });
  const body = await res.json();
  if (res.status !== status) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body as T;
}

async function createQueue(body: Record<string, unknown>): Promise<QueueDto> {
  return (await api<{ queue: QueueDto }>('/api/queues', 'POST', body)).queue;
}

async function addItem(queueId: string, socialAccountId: string, content: string): Promise<QueueItemDto> {
  return (
    await api<{ item: QueueItemDto }>(`/api/queues/${queueId}/items`, 'POST', { socialAccountId, content })
  ).item;
}

async function getQueue(queueId: string): Promise<QueueDto> {
  return (await api<{ queue: QueueDto }>(`/api/queues/${queueId}`)).queue;
}

/** Texts the sandbox received, oldest first. */
async function publishedTexts(platform: string): Promise<string[]> {
  return (await sandboxPublished(sandbox, platform)).map((post) => post.text);
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

/** Real time passes (the sweeps run) while the faked clock moves with it. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function queuePosts(queueId: string) {
  const rows = await t.deps.db
    .selectFrom('scheduledPosts')
    .selectAll()
    .where('userId', '=', user.id)
    .execute();
  return rows
    .filter((row) => JSON.parse(row.metadata).queue_id === queueId)
    .sort((a, b) => (a.scheduledAt ?? 0) - (b.scheduledAt ?? 0));
}

/**
 * Waits until `count` of the queue's posts are posted and none is still on its way: the
 * platform has a post before the engine has recorded it, and a jump of the clock in between
 * would date the record an interval late.
 */
async function waitPosted(queueId: string, count: number) {
  return waitFor(
    () => queuePosts(queueId),
    (posts) =>
      posts.filter((p) => p.status === 'posted').length === count &&
      posts.every((p) => p.status !== 'publishing'),
  );
}

describe('queue runs', () => {
  it('publishes items 1, 2, 3, 1 of a repeatable hourly queue at the expected times', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    const queue = await createQueue({ name: 'Hourly tips', isRepeatable: true, intervalHours: 1 });
    const t0 = Date.parse(queue.nextRun!);
    // The first run is an interval after the queue was made; items added before it wait for it.
    expect(t0 - Date.parse(queue.createdAt)).toBe(HOUR);
    for (const text of ['Tip one', 'Tip two', 'Tip three']) await addItem(queue.id, threads, text);
    await start();
    await pause(2500);
    expect(await publishedTexts('threads')).toEqual([]);
    expect((await getQueue(queue.id)).nextRun).toBe(new Date(t0).toISOString());

    vi.setSystemTime(t0);
    await waitPosted(queue.id, 1);
    // Just before the next run nothing more goes out.
    vi.setSystemTime(t0 + HOUR - 60_000);
    await pause(2500);
    expect(await publishedTexts('threads')).toEqual(['Tip one']);

    for (let run = 1; run <= 3; run += 1) {
      vi.setSystemTime(t0 + run * HOUR);
      await waitPosted(queue.id, run + 1);
    }
    expect(await publishedTexts('threads')).toEqual(['Tip one', 'Tip two', 'Tip three', 'Tip one']);

    const posts = await queuePosts(queue.id);
    expect(posts.map((p) => p.content)).toEqual(['Tip one', 'Tip two', 'Tip three', 'Tip one']);
    expect(posts.map((p) => p.scheduledAt)).toEqual([t0, t0 + HOUR, t0 + 2 * HOUR, t0 + 3 * HOUR]);
    for (const post of posts) {
      expect(post.status).toBe('posted');
      expect(post.postedAt! - post.scheduledAt!).toBeLessThan(5000);
      expect(post.platformPostUrl).toContain('/www.threads.com/');
    }
    // Each went through the engine: one attempt each, a success notification each.
    const attempts = await t.deps.db.selectFrom('publishAttempts').selectAll().execute();
    expect(attempts.map((a) => a.outcome)).toEqual(['success', 'success', 'success', 'success']);
    // Each notification is written just after its post's outcome.
    const notes = await waitFor(
      () => t.deps.db.selectFrom('notifications').selectAll().where('userId', '=', user.id).execute(),
      (rows) => rows.filter((n) => n.type === 'post_success').length >= 4,
    );
    expect(notes.filter((n) => n.type === 'post_success')).toHaveLength(4);

    const after = await getQueue(queue.id);
    expect(after.nextRun).toBe(new Date(t0 + 4 * HOUR).toISOString());
    expect(after.items.map((i) => [i.content, i.runCount, i.isNext])).toEqual([
      ['Tip two', 1, true],
      ['Tip three', 1, false],
      ['Tip one', 2, false],
    ]);
    expect(after.items[2]?.lastPost).toMatchObject({ status: 'posted', url: posts[3]?.platformPostUrl });
  });

  it('keeps its position while paused and continues with the next item when resumed', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    const queue = await createQueue({ name: 'Paused tips', isRepeatable: true, intervalHours: 1 });
    const t0 = Date.parse(queue.nextRun!);
    for (const text of ['First', 'Second', 'Third']) await addItem(queue.id, threads, text);
    await start();
    vi.setSystemTime(t0);
    await waitPosted(queue.id, 1);

    const paused = await api<{ queue: QueueDto }>(`/api/queues/${queue.id}`, 'PATCH', { isActive: false });
    expect(paused.queue.status).toBe('paused');
    vi.setSystemTime(t0 + 3 * HOUR);
    await pause(2500);
    expect(await publishedTexts('threads')).toEqual(['First']);

    // Resuming sends nothing at the click: the next run is the queue's next hour in its rhythm.
    const resumed = await api<{ queue: QueueDto }>(`/api/queues/${queue.id}`, 'PATCH', { isActive: true });
    expect(resumed.queue.items.find((i) => i.isNext)?.content).toBe('Second');
    expect(resumed.queue.nextRun).toBe(new Date(t0 + 4 * HOUR).toISOString());
    await pause(2000);
    expect(await publishedTexts('threads')).toEqual(['First']);
    vi.setSystemTime(t0 + 4 * HOUR);
    await waitPosted(queue.id, 2);
    expect(await publishedTexts('threads')).toEqual(['First', 'Second']);
    const posts = await queuePosts(queue.id);
    expect(posts[1]!.scheduledAt).toBe(t0 + 4 * HOUR);

    vi.setSystemTime(posts[1]!.scheduledAt! + HOUR);
    await waitFor(
      () => publishedTexts('threads'),
      (texts) => texts.length === 3,
    );
    expect(await publishedTexts('threads')).toEqual(['First', 'Second', 'Third']);
  });

  it('publishes each item of a one-time queue once, in order, and stops when none is left', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    const queue = await createQueue({ name: 'Launch week', isRepeatable: false, intervalHours: 1 });
    const t0 = Date.parse(queue.nextRun!);
    await addItem(queue.id, threads, 'Launch day');
    await addItem(queue.id, threads, 'Day two');
    await start();
    vi.setSystemTime(t0);
    await waitPosted(queue.id, 1);
    vi.setSystemTime(t0 + HOUR);
    await waitPosted(queue.id, 2);

    const finished = await waitFor(
      () => getQueue(queue.id),
      (q) => q.status === 'finished',
    );
    expect(finished).toMatchObject({ isActive: false, nextRun: null });
    expect(finished.items.map((i) => [i.content, i.isDone, i.lastPost?.status])).toEqual([
      ['Launch day', true, 'posted'],
      ['Day two', true, 'posted'],
    ]);
    vi.setSystemTime(t0 + 5 * HOUR);
    await pause(2000);
    expect(await publishedTexts('threads')).toEqual(['Launch day', 'Day two']);
    const res = await t.request(`/api/queues/${queue.id}`, {
      method: 'PATCH',
      headers: { cookie: user.cookie },
      json: { isActive: true },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      'Every item of this one-time queue has been published. Add an item to run it again.',
    );
  });

  it('does not send identical text to X again within 24 hours', async () => {
    const [x] = (await connectInProcess(t, user, 'twitter')) as [string];
    const queue = await createQueue({ name: 'X classics', isRepeatable: true, intervalHours: 1 });
    const t0 = Date.parse(queue.nextRun!);
    await addItem(queue.id, x, 'An evergreen tweet');
    await addItem(queue.id, x, 'Another evergreen tweet');
    await start();
    vi.setSystemTime(t0);
    await waitPosted(queue.id, 1);
    vi.setSystemTime(t0 + HOUR);
    await waitPosted(queue.id, 2);
    const creates = () => sandboxRequests(sandbox, { path: '/api.x.com/2/tweets' });
    expect((await creates()).filter((r) => r.method === 'POST')).toHaveLength(2);

    // Two hours in, both texts went out less than a day ago: the run sends nothing to X.
    vi.setSystemTime(t0 + 2 * HOUR);
    const skipped = await waitFor(
      () => getQueue(queue.id),
      (q) => q.items.every((i) => i.skipReason !== null),
    );
    expect(skipped.items.map((i) => i.skipReason)).toEqual([
      'Skipped: X refuses the same text from an account within 24 hours.',
      'Skipped: X refuses the same text from an account within 24 hours.',
    ]);
    await pause(1500);
    expect((await creates()).filter((r) => r.method === 'POST')).toHaveLength(2);

    // A day later the first text may go again, no earlier than 24 hours after it went out.
    const first = (await queuePosts(queue.id))[0]!;
    vi.setSystemTime(t0 + 24 * HOUR);
    const again = await waitFor(
      () => queuePosts(queue.id),
      (posts) => posts.length === 3,
    );
    expect(again[2]!.content).toBe('An evergreen tweet');
    expect(again[2]!.scheduledAt).toBeGreaterThanOrEqual(first.postedAt! + 24 * HOUR);
    // It goes through the engine (the sandbox's X remembers texts forever, so it may refuse it).
    await waitFor(
      () => queuePosts(queue.id),
      (posts) => posts[2]!.status === 'posted' || posts[2]!.status === 'failed',
    );
    const sent = (await creates()).filter((r) => r.method === 'POST');
    expect(sent).toHaveLength(3);
    expect(Date.parse(sent[2]!.time)).toBeGreaterThanOrEqual(first.postedAt! + 24 * HOUR);
  });

  it('skips an item whose account is disconnected with one notification, and keeps cycling', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    const [x] = (await connectInProcess(t, user, 'twitter')) as [string];
    const queue = await createQueue({ name: 'Mixed', isRepeatable: true, intervalHours: 1 });
    const t0 = Date.parse(queue.nextRun!);
    await addItem(queue.id, x, 'For X');
    await addItem(queue.id, threads, 'For Threads');
    const disconnect = await t.request(`/api/accounts/${x}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie },
    });
    expect(disconnect.status).toBe(200);
    await start();

    vi.setSystemTime(t0);
    await waitPosted(queue.id, 1);
    vi.setSystemTime(t0 + HOUR);
    await waitPosted(queue.id, 2);
    expect(await publishedTexts('twitter')).toEqual([]);

    const read = await getQueue(queue.id);
    expect(read.items[0]).toMatchObject({
      content: 'For X',
      accountStatus: 'disconnected',
      runCount: 0,
      skipReason: 'Skipped: the account is disconnected. Choose a connected account for this item.',
    });
    const notes = await t.deps.db
      .selectFrom('notifications')
      .selectAll()
      .where('userId', '=', user.id)
      .where('title', '=', 'Queue item skipped')
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]!.message).toBe(
      'An item of your queue "Mixed" was skipped: its X account is disconnected. Connect the account again and choose it in the item.',
    );
  });

  it('leaves failures to the engine: a refused post fails with a notification and the next run goes on', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    const queue = await createQueue({ name: 'Fragile', isRepeatable: true, intervalHours: 1 });
    const t0 = Date.parse(queue.nextRun!);
    await addItem(queue.id, threads, 'Refused once');
    await addItem(queue.id, threads, 'Retried once');
    await injectFault(sandbox, {
      platform: 'threads',
      method: 'POST',
      pathSuffix: '/threads_publish',
      kind: 'status',
      status: 400,
      body: { error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 } },
    });
    await start();
    vi.setSystemTime(t0);
    const failed = await waitFor(
      () => getQueue(queue.id),
      (q) => q.items.some((i) => i.lastPost?.status === 'failed'),
    );
    const refused = failed.items.find((i) => i.content === 'Refused once')!;
    expect(refused.lastPost?.errorMessage).toMatch(/Threads API error/);

    // The next run's post meets a 503 first: the engine retries it and publishes it once.
    await injectFault(sandbox, {
      platform: 'threads',
      method: 'POST',
      pathSuffix: '/threads_publish',
      kind: 'status',
      status: 503,
      body: { error: { message: 'Service unavailable', code: 2 } },
    });
    vi.setSystemTime(t0 + HOUR);
    // The sandbox has the post a moment before the engine has recorded it (and told the user).
    const posts = await waitPosted(queue.id, 1);
    expect(await publishedTexts('threads')).toEqual(['Retried once']);
    const attempts = await t.deps.db.selectFrom('publishAttempts').select(['postId', 'outcome']).execute();
    expect(attempts.filter((a) => a.postId === posts[1]!.id).map((a) => a.outcome)).toEqual([
      'retry',
      'success',
    ]);
    const notes = await waitFor(
      () => t.deps.db.selectFrom('notifications').selectAll().where('userId', '=', user.id).execute(),
      (rows) => rows.length >= 2,
    );
    expect(notes.map((n) => n.type).sort()).toEqual(['post_failure', 'post_success']);
  });

  it("publishes an item's media with it, and keeps the file for the next runs", async () => {
    const [x] = (await connectInProcess(t, user, 'twitter')) as [string];
    const image = await uploadMedia(t, user, {
      bytes: await imageBytes(),
      name: 'tip.jpg',
      type: 'image/jpeg',
    });
    const queue = await createQueue({ name: 'Pictures', isRepeatable: true, intervalHours: 24 });
    await api(`/api/queues/${queue.id}/items`, 'POST', {
      socialAccountId: x,
      content: 'A picture tip',
      media: [image.id],
    });
    await start();
    vi.setSystemTime(Date.parse(queue.nextRun!));
    const [sent] = await waitFor(
      () => sandboxPublished(sandbox, 'twitter'),
      (posts) => posts.length === 1,
    );
    expect(sent?.media.map((m) => m.kind)).toEqual(['image']);
    // The published post can be deleted from Sent Posts: the item keeps its file.
    const [post] = await waitPosted(queue.id, 1);
    const removed = await t.request(`/api/posts/${post!.id}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie },
    });
    expect(removed.status).toBe(200);
    const file = await t.request(`/api/media/${image.id}`, { headers: { cookie: user.cookie } });
    expect(file.status).toBe(200);
    expect((await getQueue(queue.id)).items[0]?.media.map((m) => m.id)).toEqual([image.id]);
  });

  it('makes up a run missed while the server was down once, without a burst of catch-up runs', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    const queue = await createQueue({ name: 'Back from a stop', isRepeatable: true, intervalHours: 1 });
    const t0 = Date.parse(queue.nextRun!);
    for (const text of ['Missed one', 'Missed two', 'Missed three']) await addItem(queue.id, threads, text);
    // Five hours pass with the server stopped; then it starts.
    vi.setSystemTime(t0 + 5 * HOUR);
    const startedAt = Date.now();
    await start();
    await waitFor(
      () => publishedTexts('threads'),
      (texts) => texts.length === 1,
    );
    await pause(2000);
    expect(await publishedTexts('threads')).toEqual(['Missed one']);
    const [post] = await queuePosts(queue.id);
    expect(post!.scheduledAt).toBeGreaterThanOrEqual(startedAt);
    // The next run keeps the queue's rhythm (on the hour of its first run), not an hour from the restart.
    const after = await getQueue(queue.id);
    expect(after.nextRun).toBe(new Date(t0 + 6 * HOUR).toISOString());
  });

  it('runs a due queue once even when two runners race for it', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    const queue = await createQueue({ name: 'Raced', isRepeatable: true, intervalHours: 1 });
    await addItem(queue.id, threads, 'Only once');
    vi.setSystemTime(Date.parse(queue.nextRun!));
    const { runDueQueues } = await import('../../server/queues/queue-runner.js');
    const results = await Promise.all([runDueQueues(t.deps), runDueQueues(t.deps), runDueQueues(t.deps)]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queuePosts(queue.id)).toHaveLength(1);
  });
});
