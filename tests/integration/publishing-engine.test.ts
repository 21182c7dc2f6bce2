import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recoverOrphanedPosts } from '../../server/engine/recover-posts.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { control } from '../../server/sandbox/sandbox-testing.js';
import { SANDBOX_MAX_LIST_DELAY_MS } from '../../shared/platforms/sandbox-contract.js';
import { addFault, removeFault } from '../support/database-faults.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import {
  injectFault,
  resetSandbox,
  sandboxPublished,
  sandboxRequests,
} from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let sandbox: RunningSandbox;
let t: TestApp;
let user: InProcessUser;
let xAccount: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 20 });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  await resetSandbox(sandbox);
  t = await createTestApp({
    SANDBOX_URL: sandbox.url,
    PUBLISH_RETRY_BASE_MS: '100',
    PUBLISH_LEASE_MS: '2000',
    // A request whose answer is lost is trusted as "absent" this long + the sandbox's listing
    // delay (at most 5 s) after it left.
    PUBLISH_REQUEST_TIMEOUT_MS: '1000',
  });
  user = await createSignedInUser(t);
  [xAccount] = (await connectInProcess(t, user, 'twitter')) as [string];
});
afterEach(async () => {
  await t.deps.engine.stop();
  await t.close();
});

async function createPost(content: string, extra: Record<string, unknown> = {}) {
  const res = await t.request('/api/posts', {
    method: 'POST',
    headers: { cookie: user.cookie },
    json: { socialAccountId: xAccount, content, media: [], action: 'draft', ...extra },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.post as { id: string };
}

async function postRow(id: string) {
  return t.deps.db.selectFrom('scheduledPosts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Posts on X with the connected account's own token, as a server that died might have done. */
async function tweetAsTheAccount(text: string): Promise<string> {
  const account = await t.deps.db
    .selectFrom('socialAccounts')
    .select('accessToken')
    .where('id', '=', xAccount)
    .executeTakeFirstOrThrow();
  const res = await fetch(`${sandbox.url}/api.x.com/2/tweets`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${t.deps.cipher.decrypt(account.accessToken)}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ text }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function publishedTexts(): Promise<string[]> {
  return (await sandboxPublished(sandbox, 'twitter')).map((p) => p.text);
}

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the publishing engine', () => {
  it("remembers after a restart the creates X received before it: the window's 101st post waits", async () => {
    // A process that stopped five minutes ago sent 100 creates for the account (X allows 100 per
    // 15 minutes), each counted against the cap where every process counts them.
    const sentAt = Date.now() - 5 * 60_000;
    for (let i = 0; i < 100; i++) {
      const earlier = await createPost(`Earlier ${i}`);
      await t.deps.db
        .insertInto('postingSlots')
        .values({ socialAccountId: xAccount, platform: 'twitter', postId: earlier.id, takenAt: sentAt + i })
        .execute();
    }
    const due = await createPost('One too many', {
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 1000).toISOString(),
    });
    await t.deps.engine.start();
    const row = await waitFor(
      () => postRow(due.id),
      (post) => post.nextAttemptAt !== null,
      10_000,
    );
    // It waits until the oldest of the 100 leaves the window, and X has seen nothing new.
    expect(row).toMatchObject({ status: 'scheduled', nextAttemptAt: sentAt + 15 * 60_000 });
    expect(await publishedTexts()).toEqual([]);
  });

  it('publishes a scheduled post on time and tells the user', async () => {
    const at = new Date(Date.now() + 1500);
    const post = await createPost('Due in a moment', { action: 'schedule', scheduledAt: at.toISOString() });
    await t.deps.engine.start();
    const row = await waitFor(
      () => postRow(post.id),
      (r) => r.status === 'posted',
    );
    expect(row.status).toBe('posted');
    expect(row.platformPostUrl).toContain('/status/');
    expect(row.postedAt! - at.getTime()).toBeLessThan(1000);
    expect(await publishedTexts()).toEqual(['Due in a moment']);
    // The notification is written just after the post's status: wait for it too.
    const notes = await waitFor(
      () => t.deps.db.selectFrom('notifications').selectAll().where('userId', '=', user.id).execute(),
      (rows) => rows.length > 0,
    );
    expect(notes.map((n) => n.type)).toEqual(['post_success']);
    const health = await (await t.request('/api/health', { headers: { cookie: user.cookie } })).json();
    expect(health.scheduler.lastTick).not.toBeNull();
    expect(health.scheduler.overdue).toBe(0);
  });

  it('publishes once when Post Now is pressed twice at the same time', async () => {
    const post = await createPost('Pressed twice');
    const [a, b] = await Promise.all([
      t.request(`/api/posts/${post.id}/publish`, { method: 'POST', headers: { cookie: user.cookie } }),
      t.request(`/api/posts/${post.id}/publish`, { method: 'POST', headers: { cookie: user.cookie } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 200]);
    expect((await postRow(post.id)).status).toBe('posted');
    expect(await publishedTexts()).toEqual(['Pressed twice']);
    // Pressed again later: the answer is the published post, and nothing is sent again.
    const again = await t.request(`/api/posts/${post.id}/publish`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    expect(again.status).toBe(200);
    expect((await again.json()).post.status).toBe('posted');
    expect(await publishedTexts()).toEqual(['Pressed twice']);
  });

  it('answers Post Now with the published post when a sweep published it before the call came', async () => {
    await t.deps.engine.start();
    // Post Now saves the post as due now, then the browser asks for it to be published; a
    // slow browser's call may come after the engine's one-second sweep has published it.
    const post = await createPost('Saved, then published', { action: 'publish' });
    await waitFor(
      () => postRow(post.id),
      (row) => row.status === 'posted',
    );
    const res = await t.request(`/api/posts/${post.id}/publish`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).post.status).toBe('posted');
    expect(await publishedTexts()).toEqual(['Saved, then published']);
  });

  it('publishes a post created with Post Now in the same request and answers the published post', async () => {
    const res = await t.request('/api/posts', {
      method: 'POST',
      headers: { cookie: user.cookie },
      json: { socialAccountId: xAccount, content: 'Out in one request', media: [], action: 'publish' },
    });
    expect(res.status).toBe(201);
    const { post } = await res.json();
    expect(post).toMatchObject({ content: 'Out in one request', status: 'posted', errorMessage: null });
    expect(post.platformPostId).toBeTruthy();
    expect((await postRow(post.id)).status).toBe('posted');
    expect(await publishedTexts()).toEqual(['Out in one request']);
  });

  it('publishes a post scheduled for tomorrow at once when Post Now is pressed', async () => {
    const post = await createPost('Tomorrow, but now', {
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const res = await t.request(`/api/posts/${post.id}/publish`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).post.status).toBe('posted');
    expect(await publishedTexts()).toEqual(['Tomorrow, but now']);
  });

  it('retries after a 429 with Retry-After and records every attempt', async () => {
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'POST',
      pathSuffix: '/2/tweets',
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '1' },
      body: { title: 'Too Many Requests', status: 429 },
    });
    const post = await createPost('After a rate limit');
    const res = await t.request(`/api/posts/${post.id}/publish`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    expect((await res.json()).post.status).toBe('scheduled');
    await t.deps.engine.start();
    const row = await waitFor(
      () => postRow(post.id),
      (r) => r.status === 'posted',
    );
    expect(row.status).toBe('posted');
    const attempts = await (
      await t.request(`/api/posts/${post.id}/attempts`, { headers: { cookie: user.cookie } })
    ).json();
    expect(attempts.attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['retry', 'success']);
    expect(attempts.attempts[0].httpStatus).toBe(429);
    // The second create request reached the platform only after the Retry-After second.
    const creates = (await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' })).filter(
      (r) => r.method === 'POST',
    );
    expect(creates).toHaveLength(2);
    expect(Date.parse(creates[1]?.time ?? '') - Date.parse(creates[0]?.time ?? '')).toBeGreaterThanOrEqual(
      1000,
    );
  });

  it('records a post whose answer was lost once the platform lists it, and never sends it again', {
    timeout: 20_000,
  }, async () => {
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'POST',
      pathSuffix: '/2/tweets',
      kind: 'reset',
      commit: true,
    });
    const post = await createPost('Lost answer');
    const res = await t.request(`/api/posts/${post.id}/publish`, {
      method: 'POST',
      headers: { cookie: user.cookie },
    });
    const asked = (await res.json()).post;
    expect(asked.status).toBe('scheduled');
    expect(asked.errorMessage).toMatch(/^Checking with X whether/);
    await t.deps.engine.start();
    const row = await waitFor(
      () => postRow(post.id),
      (r) => r.status !== 'scheduled' && r.status !== 'publishing',
    );
    const [tweet] = await sandboxPublished(sandbox, 'twitter');
    expect(row.status).toBe('posted');
    expect(row.platformPostId).toBe(tweet?.id);
    expect(row.platformPostUrl).toContain(`/status/${tweet?.id}`);
    expect(await publishedTexts()).toEqual(['Lost answer']);
    const creates = (await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' })).filter(
      (r) => r.method === 'POST',
    );
    expect(creates).toHaveLength(1);
    expect(await sandboxRequests(sandbox, { pathPrefix: '/api.x.com/2/users/' })).not.toHaveLength(0);
  });

  it('sends a post whose request was lost on the way once the platform shows, after its delay, that it has none', {
    timeout: 20_000,
  }, async () => {
    // The connection drops before X reads the request: nothing is published.
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'POST',
      pathSuffix: '/2/tweets',
      kind: 'reset',
    });
    const post = await createPost('Never arrived');
    await t.request(`/api/posts/${post.id}/publish`, { method: 'POST', headers: { cookie: user.cookie } });
    const [markedAt] = await t.deps.db
      .selectFrom('publishAttempts')
      .select('commitSentAt')
      .where('postId', '=', post.id)
      .execute();
    await t.deps.engine.start();
    const row = await waitFor(
      () => postRow(post.id),
      (r) => r.status === 'posted' || r.status === 'failed',
    );
    expect(row.status).toBe('posted');
    expect(await publishedTexts()).toEqual(['Never arrived']);
    const creates = (await sandboxRequests(sandbox, { pathSuffix: '/2/tweets' })).filter(
      (r) => r.method === 'POST',
    );
    expect(creates.map((r) => r.status)).toEqual([0, 201]);
    // Sent again only once the request could no longer be in flight (1 s) and X would have
    // listed what it received (the sandbox's 2 s at most).
    expect(Date.parse(creates[1]?.time ?? '') - (markedAt?.commitSentAt ?? 0)).toBeGreaterThanOrEqual(
      1000 + SANDBOX_MAX_LIST_DELAY_MS,
    );
  });

  it('after a restart, resumes posts that sent nothing and asks the platform about the others', {
    timeout: 20_000,
  }, async () => {
    const quiet = await createPost('Never sent');
    const landed = await createPost('Sent before the crash');
    const lost = await createPost('Marked but never sent');
    const expired = Date.now() - 1000;
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ status: 'publishing', isDraft: 0, scheduledAt: expired, leaseUntil: expired })
      .where('id', 'in', [quiet.id, landed.id, lost.id])
      .execute();
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ publishProgress: JSON.stringify({ commitPending: true }) })
      .where('id', 'in', [landed.id, lost.id])
      .execute();
    // The dead server's request for one of them reached X.
    const tweeted = await tweetAsTheAccount('Sent before the crash');
    await recoverOrphanedPosts(t.deps, Date.now());
    expect((await postRow(quiet.id)).status).toBe('scheduled');
    expect((await postRow(landed.id)).errorMessage).toMatch(/^Checking with X whether/);
    await t.deps.engine.start();
    const rows = await waitFor(
      () => Promise.all([quiet, landed, lost].map((p) => postRow(p.id))),
      (all) => all.every((r) => r.status === 'posted'),
    );
    expect(rows.map((r) => r.status)).toEqual(['posted', 'posted', 'posted']);
    expect(rows[1]?.platformPostId).toBe(tweeted);
    expect((await publishedTexts()).sort()).toEqual([
      'Marked but never sent',
      'Never sent',
      'Sent before the crash',
    ]);
    // Each notification is written just after its post's outcome.
    const notes = await waitFor(
      () => t.deps.db.selectFrom('notifications').select('type').where('userId', '=', user.id).execute(),
      (rows) => rows.length >= 3,
    );
    expect(notes.map((n) => n.type)).toEqual(['post_success', 'post_success', 'post_success']);
  });

  it('never takes back a post its own worker still holds, whatever the lease says', async () => {
    const mine = await createPost('Still being published here');
    const dead = await createPost('Left by a dead server');
    const expired = Date.now() - 1000;
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ status: 'publishing', isDraft: 0, scheduledAt: expired, leaseUntil: expired, leaseOwner: 'me' })
      .where('id', 'in', [mine.id, dead.id])
      .execute();
    // A loop that stalled past the lease: the renewal's timer has not run yet.
    const held = new Set([mine.id]);
    expect(
      await recoverOrphanedPosts(t.deps, Date.now(), {
        held: (post) => post.leaseOwner === 'me' && held.has(post.id),
      }),
    ).toBe(1);
    expect((await postRow(mine.id)).status).toBe('publishing');
    expect((await postRow(dead.id)).status).toBe('scheduled');
  });

  it('fails a post missed by more than the grace period and offers Post Now', async () => {
    const post = await createPost('Missed while down');
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ status: 'scheduled', isDraft: 0, scheduledAt: Date.now() - 2 * 60 * 60_000 })
      .where('id', '=', post.id)
      .execute();
    await t.deps.engine.start();
    const row = await waitFor(
      () => postRow(post.id),
      (r) => r.status === 'failed',
    );
    expect(row.errorMessage).toMatch(/missed/i);
    const notes = await waitFor(
      () => t.deps.db.selectFrom('notifications').selectAll().where('userId', '=', user.id).execute(),
      (rows) => rows.length > 0,
    );
    expect(JSON.parse(notes[0]?.data ?? '{}').action).toBe('post_now');
    expect(await publishedTexts()).toEqual([]);
  });

  it('fails the scheduled posts of a disconnected account with "Account disconnected"', async () => {
    const post = await createPost('Orphan', {
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const res = await t.request(`/api/accounts/${xAccount}`, {
      method: 'DELETE',
      headers: { cookie: user.cookie },
    });
    expect(res.status).toBe(200);
    const row = await postRow(post.id);
    expect(row.status).toBe('failed');
    expect(row.errorMessage).toBe('Account disconnected');
  });
});

/** Collects the logger's errors and any promise rejection nobody handled. */
function watchFailures() {
  const errors: string[] = [];
  t.deps.logger.error = (message: string) => {
    errors.push(message);
  };
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  return { errors, unhandled, stop: () => process.off('unhandledRejection', onUnhandled) };
}

const FAIL_CLAIMS = { name: 'fail_claims', table: 'scheduled_posts' };

describe('the scheduler survives failing database writes', () => {
  it('keeps running, leaves no promise unhandled, and publishes again once writes work', async () => {
    const { errors, unhandled, stop } = watchFailures();
    const db = t.deps.db;
    try {
      // Every write to a post's status fails, as on a full disk.
      await addFault(db, { ...FAIL_CLAIMS, on: 'UPDATE OF status', message: 'disk I/O error' });
      const stuck = await createPost('Written while the disk is full', {
        action: 'schedule',
        scheduledAt: new Date(Date.now() + 500).toISOString(),
      });
      await t.deps.engine.start();
      await waitFor(
        async () => errors.length,
        (n) => n >= 2,
        5000,
      );
      expect(errors).toContain('scheduler tick failed');
      expect((await postRow(stuck.id)).status).toBe('scheduled');

      await removeFault(db, FAIL_CLAIMS);
      // The same scheduler, still running, publishes once the disk recovers.
      const row = await waitFor(
        () => postRow(stuck.id),
        (r) => r.status === 'posted',
      );
      expect(row.status).toBe('posted');
      expect(await publishedTexts()).toEqual(['Written while the disk is full']);
      const health = await (await t.request('/api/health', { headers: { cookie: user.cookie } })).json();
      expect(Date.parse(health.scheduler.lastTick)).toBeGreaterThan(Date.now() - 5000);
    } finally {
      stop();
    }
    expect(unhandled).toEqual([]);
  });

  it('retries, as nothing was sent, a post whose "maybe sent" mark could not be written', async () => {
    const db = t.deps.db;
    const FAIL_MARK = { name: 'fail_mark', table: 'publish_attempts' };
    await addFault(db, { ...FAIL_MARK, on: 'UPDATE OF commit_sent_at', message: 'disk I/O error' });
    const post = await createPost('Marked after the disk recovers', {
      action: 'schedule',
      scheduledAt: new Date(Date.now() + 1000).toISOString(),
    });
    await t.deps.engine.start();
    const refused = await waitFor(
      () => db.selectFrom('publishAttempts').selectAll().where('postId', '=', post.id).execute(),
      (rows) => rows.some((row) => row.outcome !== null),
    );
    await removeFault(db, FAIL_MARK);
    // Not an unknown outcome for the user to check: a retry, and X received nothing.
    expect(refused[0]).toMatchObject({ outcome: 'retry', commitSentAt: null });
    expect(await publishedTexts()).toEqual([]);
    const row = await waitFor(
      () => postRow(post.id),
      (r) => r.status === 'posted' || r.status === 'failed',
      30_000,
    );
    expect(row.status).toBe('posted');
    expect(await publishedTexts()).toEqual(['Marked after the disk recovers']);
    // X's cap counts the one create that left: the refused attempt gave its slot back.
    const slots = await db.selectFrom('postingSlots').selectAll().where('postId', '=', post.id).execute();
    expect(slots).toHaveLength(1);
  }, 40_000);

  it('a post held back by the platform cap whose write fails is logged, not left unhandled', async () => {
    await control(sandbox, '/settings', { rateLimits: false });
    const { errors, unhandled, stop } = watchFailures();
    try {
      // X allows 100 creates per 15 minutes per account: the 101st post waits, and putting it
      // back to `scheduled` fails.
      await addFault(t.deps.db, {
        name: 'fail_requeue',
        table: 'scheduled_posts',
        on: 'UPDATE OF status',
        when: "OLD.status = 'publishing' AND NEW.status = 'scheduled'",
        message: 'disk I/O error',
      });
      const dueAt = new Date(Date.now() + 2000).toISOString();
      for (let i = 0; i < 101; i++)
        await createPost(`Capped ${i}`, { action: 'schedule', scheduledAt: dueAt });
      await t.deps.engine.start();
      await waitFor(
        async () => errors.length,
        (n) => n >= 1,
        15_000,
      );
      expect(errors).toContain('publishing failed unexpectedly');
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      stop();
    }
    expect(unhandled).toEqual([]);
  });
});
