import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runDueQueues, startQueueRunner } from '../../server/queues/queue-runner.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import type { QueueDto } from '../../shared/queues/api.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { resetSandbox, sandboxPublished } from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Queues that run at chosen times of day or at the posting schedule's times, "Post next item
 * now", and first items that wait for the next run. Only `Date` is faked (timers stay real), so
 * the runner, the engine and the sandbox all follow the jumps of the clock.
 */

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
  t = await createTestApp({ SANDBOX_URL: sandbox.url, PUBLISH_RETRY_BASE_MS: '100' });
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

async function request(path: string, method = 'GET', json?: unknown, who: InProcessUser = user) {
  const res = await t.request(path, { method, headers: { cookie: who.cookie }, json });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function api<T>(path: string, method = 'GET', json?: unknown): Promise<T> {
  const { status, body } = await request(path, method, json);
  if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(body)}`);
  return body as T;
}

async function createQueue(body: Record<string, unknown>): Promise<QueueDto> {
  return (await api<{ queue: QueueDto }>('/api/queues', 'POST', body)).queue;
}

async function addItem(queueId: string, socialAccountId: string, content: string): Promise<QueueDto> {
  return (
    await api<{ queue: QueueDto }>(`/api/queues/${queueId}/items`, 'POST', { socialAccountId, content })
  ).queue;
}

async function getQueue(queueId: string): Promise<QueueDto> {
  return (await api<{ queue: QueueDto }>(`/api/queues/${queueId}`)).queue;
}

async function published(platform: string): Promise<Array<{ text: string; at: number }>> {
  const posts = await t.deps.db
    .selectFrom('scheduledPosts')
    .select(['content', 'scheduledAt', 'status'])
    .where('userId', '=', user.id)
    .where('platform', '=', platform)
    .where('status', '=', 'posted')
    .orderBy('scheduledAt')
    .execute();
  return posts.map((post) => ({ text: post.content, at: post.scheduledAt! }));
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = performance.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Real time passes (the one-second sweeps run) while nothing is expected to happen. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('queues at chosen times of day', () => {
  it('posts at 09:00 London time every day, the same wall time across the spring clock change', async () => {
    await api('/api/settings/preferences', 'PATCH', { timezone: 'Europe/London' });
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    // Friday 27 March 2026, noon in London (GMT). Summer time starts on Sunday the 29th.
    vi.setSystemTime(Date.UTC(2026, 2, 27, 12, 0));
    const queue = await createQueue({
      name: 'Morning tips',
      isRepeatable: true,
      runMode: 'times',
      runTimes: ['09:00'],
    });
    expect(queue).toMatchObject({ runMode: 'times', runTimes: ['09:00'], runDays: [0, 1, 2, 3, 4, 5, 6] });
    const saturday = Date.UTC(2026, 2, 28, 9, 0);
    expect(queue.nextRun).toBe(iso(saturday));
    for (const text of ['Tip one', 'Tip two', 'Tip three']) await addItem(queue.id, threads, text);
    await start();
    await pause(2000);
    expect(await published('threads')).toEqual([]);

    vi.setSystemTime(saturday);
    await waitFor(
      () => published('threads'),
      (posts) => posts.length === 1,
    );
    // 09:00 on Sunday is 08:00 UTC (BST): 23 hours after Saturday's run, not 24.
    const sunday = Date.UTC(2026, 2, 29, 8, 0);
    expect((await getQueue(queue.id)).nextRun).toBe(iso(sunday));
    vi.setSystemTime(sunday - 5 * 60_000);
    await pause(2000);
    expect(await published('threads')).toHaveLength(1);
    vi.setSystemTime(sunday);
    await waitFor(
      () => published('threads'),
      (posts) => posts.length === 2,
    );
    vi.setSystemTime(Date.UTC(2026, 2, 30, 8, 0));
    const posts = await waitFor(
      () => published('threads'),
      (all) => all.length === 3,
    );
    expect(posts).toEqual([
      { text: 'Tip one', at: saturday },
      { text: 'Tip two', at: sunday },
      { text: 'Tip three', at: Date.UTC(2026, 2, 30, 8, 0) },
    ]);
  });

  it('refuses times mode without a time or a day, and a time that is not HH:MM', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ runMode: 'times' }, 'runTimes', 'Choose at least one time of day.'],
      [
        { runMode: 'times', runTimes: ['09:00'], runDays: [] },
        'runDays',
        'Choose at least one day of the week.',
      ],
      [
        { runMode: 'times', runTimes: ['9am'] },
        'runTimes.0',
        'Please enter each time of day as HH:MM (00:00 to 23:59).',
      ],
      [{ runMode: 'hourly' }, 'runMode', 'Please choose when the queue posts.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await request('/api/queues', 'POST', { name: 'Bad', ...body });
      expect(res, JSON.stringify(body)).toEqual({
        status: 400,
        body: { code: 'validation_error', field, message },
      });
    }
    const queue = await createQueue({ name: 'Good' });
    const edit = await request(`/api/queues/${queue.id}`, 'PATCH', { runMode: 'times' });
    expect(edit.body).toMatchObject({ field: 'runTimes', message: 'Choose at least one time of day.' });
  });

  it('plans the next run again when the rhythm is edited', async () => {
    vi.setSystemTime(Date.UTC(2026, 10, 25, 10, 30)); // a Wednesday, UTC user
    const queue = await createQueue({ name: 'Weekdays', isRepeatable: true });
    // 24 hours after the request, which the clock (running on from 10:30) took a moment to reach.
    const sinceTomorrow = Date.parse(queue.nextRun ?? '') - Date.UTC(2026, 10, 26, 10, 30);
    expect(sinceTomorrow).toBeGreaterThanOrEqual(0);
    expect(sinceTomorrow).toBeLessThan(5000);
    const edited = await api<{ queue: QueueDto }>(`/api/queues/${queue.id}`, 'PATCH', {
      runMode: 'times',
      runTimes: ['17:45', '08:15', '08:15'],
      runDays: [1, 5],
    });
    // Friday 08:15 is the first of Monday/Friday at 08:15 and 17:45.
    expect(edited.queue).toMatchObject({ runTimes: ['08:15', '17:45'], runDays: [1, 5] });
    expect(edited.queue.nextRun).toBe(iso(Date.UTC(2026, 10, 27, 8, 15)));
    // The dialog's preview answers the same before anything is saved.
    const preview = await api('/api/queues/next-run', 'POST', {
      runMode: 'times',
      runTimes: ['17:45', '08:15'],
      runDays: [1, 5],
    });
    expect(preview).toEqual({ nextRun: iso(Date.UTC(2026, 10, 27, 8, 15)) });
  });
});

describe('queues at the posting schedule’s times', () => {
  it('follow the posting times, and move when those change', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    vi.setSystemTime(Date.UTC(2026, 10, 25, 10, 0));
    // Before the Posting Schedule page was opened: the defaults it would create, 09:00 and 14:00.
    const queue = await createQueue({ name: 'On schedule', isRepeatable: true, runMode: 'schedule' });
    expect(queue.nextRun).toBe(iso(Date.UTC(2026, 10, 25, 14, 0)));
    await addItem(queue.id, threads, 'At a posting time');

    // An 11:00 posting time every day comes first now.
    await api('/api/schedule');
    await api('/api/schedule/times', 'POST', { hour: 11, minute: 0, period: 'AM', day: 'everyday' });
    expect((await getQueue(queue.id)).nextRun).toBe(iso(Date.UTC(2026, 10, 25, 11, 0)));
    await start();
    vi.setSystemTime(Date.UTC(2026, 10, 25, 11, 0));
    await waitFor(
      () => published('threads'),
      (posts) => posts.length === 1,
    );
    expect((await published('threads'))[0]?.at).toBe(Date.UTC(2026, 10, 25, 11, 0));
    expect((await getQueue(queue.id)).nextRun).toBe(iso(Date.UTC(2026, 10, 25, 14, 0)));

    // Another user's account's posting times are not there to follow.
    const stranger = await createSignedInUser(t);
    const [theirs] = (await connectInProcess(t, stranger, 'threads')) as [string];
    const res = await request(`/api/queues/${queue.id}`, 'PATCH', { scheduleAccountId: theirs });
    expect(res).toEqual({
      status: 404,
      body: { code: 'not_found', field: 'scheduleAccountId', message: 'Account not found' },
    });
  });

  it('refuses a schedule queue when the posting schedule has no times', async () => {
    await api('/api/schedule');
    await api('/api/schedule/times', 'DELETE');
    const res = await request('/api/queues', 'POST', { name: 'Nothing to follow', runMode: 'schedule' });
    expect(res.body).toMatchObject({
      message: 'Your posting schedule has no times. Add times on the Posting Schedule page first.',
    });
  });
});

describe('the first item and "Post next item now"', () => {
  it('keeps an item added to an active queue waiting for the next run time, even one that passed empty', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    vi.setSystemTime(Date.UTC(2026, 10, 25, 8, 0));
    const queue = await createQueue({ name: 'Later', runMode: 'times', runTimes: ['09:00'] });
    // Three days go by with the queue empty (and no runner to move it on).
    vi.setSystemTime(Date.UTC(2026, 10, 28, 12, 0));
    const filled = await addItem(queue.id, threads, 'Waits for nine');
    expect(filled.nextRun).toBe(iso(Date.UTC(2026, 10, 29, 9, 0)));
    expect(await runDueQueues(t.deps)).toBe(0);
    expect(await sandboxPublished(sandbox, 'threads')).toEqual([]);
  });

  it('posts the next item through the engine at once, keeping the planned run', async () => {
    const [threads] = (await connectInProcess(t, user, 'threads')) as [string];
    const [x] = (await connectInProcess(t, user, 'twitter')) as [string];
    const queue = await createQueue({ name: 'Now please', isRepeatable: true });
    const empty = await request(`/api/queues/${queue.id}/run`, 'POST');
    expect(empty).toEqual({
      status: 409,
      body: { code: 'conflict', message: 'Add an item to the queue first.' },
    });
    await addItem(queue.id, threads, 'First, now');
    await addItem(queue.id, threads, 'Second, at the run');
    await start();

    const answer = await api<{ queue: QueueDto; postId: string }>(`/api/queues/${queue.id}/run`, 'POST');
    expect(answer.queue.nextRun).toBe(queue.nextRun);
    expect(answer.queue.items.map((item) => [item.content, item.isNext])).toEqual([
      ['Second, at the run', true],
      ['First, now', false],
    ]);
    const posts = await waitFor(
      () => published('threads'),
      (all) => all.length === 1,
    );
    expect(posts[0]?.text).toBe('First, now');
    const attempts = await t.deps.db.selectFrom('publishAttempts').select(['postId', 'outcome']).execute();
    expect(attempts).toEqual([{ postId: answer.postId, outcome: 'success' }]);

    // The repeated-text rule applies as in any run: X already has this text from today.
    const xQueue = await createQueue({ name: 'X again', isRepeatable: true });
    await addItem(xQueue.id, x, 'Said once');
    await api(`/api/queues/${xQueue.id}/run`, 'POST');
    const refused = await request(`/api/queues/${xQueue.id}/run`, 'POST');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^No item can be posted right now/);

    const stranger = await createSignedInUser(t);
    expect((await request(`/api/queues/${queue.id}/run`, 'POST', undefined, stranger)).status).toBe(404);
  });
});
