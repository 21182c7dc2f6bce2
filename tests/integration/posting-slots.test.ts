import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releasePostingSlot, takePostingSlots } from '../../server/publishing/posting-slots.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let sandbox: RunningSandbox;
let t: TestApp;
let user: InProcessUser;
let xAccount: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true });
});
afterAll(() => sandbox.close());

beforeEach(async () => {
  t = await createTestApp({ SANDBOX_URL: sandbox.url });
  user = await createSignedInUser(t);
  [xAccount] = (await connectInProcess(t, user, 'twitter')) as [string];
});
afterEach(() => t.close());

async function draft(content: string): Promise<string> {
  const res = await t.request('/api/posts', {
    method: 'POST',
    headers: { cookie: user.cookie },
    json: { socialAccountId: xAccount, content, media: [], action: 'draft' },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { post: { id: string } }).post.id;
}

async function slotTimes(postId: string): Promise<number[]> {
  const rows = await t.deps.db
    .selectFrom('postingSlots')
    .select('takenAt')
    .where('postId', '=', postId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.takenAt);
}

describe('posting-cap slots', () => {
  it('an attempt that sent nothing gives back its own slot, never the one a worker that took the post over took later', async () => {
    const postId = await draft('Taken over');
    const t0 = Date.now() - 5 * 60_000;
    // The first worker takes a slot, starts its attempt, then stalls past its lease.
    await takePostingSlots(t.deps.db, {
      platform: 'twitter',
      accountId: xAccount,
      postIds: [postId],
      now: t0,
    });
    const stalledAttemptStartedAt = t0 + 10;
    // Another worker claims the post and takes a slot of its own.
    const takeover = t0 + 2 * 60_000;
    await takePostingSlots(t.deps.db, {
      platform: 'twitter',
      accountId: xAccount,
      postIds: [postId],
      now: takeover,
    });
    // The stalled attempt finds its claim gone: nothing of it left, so its slot goes back.
    await releasePostingSlot(t.deps.db, { postId, attemptStartedAt: stalledAttemptStartedAt });
    expect(await slotTimes(postId)).toEqual([takeover]);
  });

  it('a failure before the request gives back the slot taken for that attempt', async () => {
    const postId = await draft('Failed before sending');
    const takenAt = Date.now() - 1000;
    await takePostingSlots(t.deps.db, {
      platform: 'twitter',
      accountId: xAccount,
      postIds: [postId],
      now: takenAt,
    });
    await releasePostingSlot(t.deps.db, { postId, attemptStartedAt: takenAt + 5 });
    expect(await slotTimes(postId)).toEqual([]);
  });
});
