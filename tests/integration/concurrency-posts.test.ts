import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upsertAccount } from '../../server/accounts/account-state.js';
import { newId } from '../../server/core/ids.js';
import { sqlDialect } from '../../server/db/sql-dialect.js';
import {
  createOrMergeGroupNotification,
  mergeGroupNotificationIn,
} from '../../server/notifications/create-notification.js';
import { nextFreeTimeTiming } from '../../server/posts/next-free-time.js';
import { askPlatformFirst, claimDuePosts } from '../../server/posts/post-transitions.js';
import { insertPost } from '../../server/posts/posts.repository.js';
import { createSchedule } from '../../server/schedule/schedule.repository.js';
import { raceOpenTransaction } from '../support/concurrency.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser } from './posts-support.js';

// What SQLite's single writer guaranteed, kept on PostgreSQL: each test lets a request (or an
// engine step) run while another transaction has written but not committed. Without the lock or
// constraint of each place they fail on PostgreSQL; on SQLite they check the same outcome.

let t: TestApp;
let user: PostsUser;
beforeEach(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterEach(() => t.close());

const post = (id: string, accountId: string, fields: Record<string, unknown>) => ({
  id,
  userId: user.id,
  socialAccountId: accountId,
  platform: 'twitter',
  content: `Post ${id}`,
  status: 'scheduled' as const,
  isDraft: 0,
  scheduledAt: Date.now() + 3_600_000,
  postType: 'normal',
  media: '[]',
  tweets: null,
  metadata: '{}',
  createdAt: Date.now(),
  updatedAt: Date.now(),
  ...fields,
});

describe('PostgreSQL keeps what SQLite one writer at a time guaranteed', () => {
  it('gives Add to queue the next free slot while another request is taking the first', async () => {
    const accountId = await createAccount(t, user.id, 'twitter');
    const now = Date.now();
    let heldSlot = 0;
    const res = await raceOpenTransaction(
      t.deps.db,
      async (trx) => {
        const timing = await nextFreeTimeTiming(trx, { userId: user.id, accountId, timezone: 'UTC', now });
        heldSlot = timing.scheduledAt ?? 0;
        await insertPost(trx, post(newId(), accountId, { scheduledAt: heldSlot }));
      },
      () =>
        t.request('/api/posts', {
          method: 'POST',
          headers: user.headers,
          json: { socialAccountId: accountId, content: 'Queued meanwhile', action: 'queue' },
        }),
    );
    expect(res.status).toBe(201);
    const { scheduledAt } = (await res.json()).post;
    expect(Date.parse(scheduledAt)).toBeGreaterThan(heldSlot);
  });

  it('connects an account once when two callbacks for it arrive at once', async () => {
    const profile = { platformAccountId: 'x-42', name: 'Ada', handle: 'ada', avatarUrl: null, metadata: {} };
    const connect = (db: typeof t.deps.db, name: string) =>
      upsertAccount(db, t.deps.cipher, {
        userId: user.id,
        platform: 'twitter',
        profile: { ...profile, name },
        tokens: { accessToken: `token of ${name}` },
        isSandbox: true,
      });
    let first = '';
    const second = await raceOpenTransaction(
      t.deps.db,
      async (trx) => {
        first = (await connect(trx, 'First')).id;
      },
      () => connect(t.deps.db, 'Second'),
    );
    expect(second.id).toBe(first);
    const rows = await t.deps.db.selectFrom('socialAccounts').select(['id', 'accountName']).execute();
    expect(rows).toEqual([{ id: first, accountName: 'Second' }]);
  });

  it('answers the posting schedule on a first visit while another first visit creates it', async () => {
    const res = await raceOpenTransaction(
      t.deps.db,
      async (trx) => {
        await createSchedule(trx, {
          userId: user.id,
          accountId: null,
          times: [{ day: 1, time: '10:30' }],
          now: Date.now(),
        });
      },
      () => t.request('/api/schedule', { headers: user.headers }),
    );
    expect(res.status).toBe(200);
    expect((await res.json()).schedule.times).toMatchObject([{ day: 1, time: '10:30' }]);
    expect(await t.deps.db.selectFrom('postingSchedules').select('id').execute()).toHaveLength(1);
  });

  it('keeps the earliest moment to ask the platform about when two workers record one at once', async () => {
    const accountId = await createAccount(t, user.id, 'twitter');
    const id = newId();
    await insertPost(t.deps.db, post(id, accountId, { status: 'publishing' }));
    await raceOpenTransaction(
      t.deps.db,
      async (trx) => {
        expect(await askPlatformFirst(trx, id, 1_000)).toBe(true);
      },
      () => askPlatformFirst(t.deps.db, id, 2_000),
    );
    const row = await t.deps.db
      .selectFrom('scheduledPosts')
      .select('publishProgress')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.publishProgress ?? '{}').reconcile).toEqual({ since: 1_000 });
  });

  it("stores one notification for a group whose two accounts' outcomes arrive at once", async () => {
    const input = { userId: user.id, groupId: newId() };
    const outcome = (title: string) => async () => ({
      type: 'post_success' as const,
      title,
      message: title,
      data: {},
    });
    const now = Date.now();
    const merged = await raceOpenTransaction(
      t.deps.db,
      async (trx) => {
        expect(
          await mergeGroupNotificationIn(trx, input, outcome('Posted to 1 of 2 accounts'), now),
        ).not.toBeNull();
      },
      () => createOrMergeGroupNotification(t.deps, input, outcome('Posted to 2 of 2 accounts'), now + 1),
    );
    const rows = await t.deps.db
      .selectFrom('notifications')
      .select(['id', 'title'])
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toEqual([{ id: merged?.id, title: 'Posted to 2 of 2 accounts' }]);
  });

  it('lets a claim of due posts pass over the ones another claim holds instead of waiting', async (ctx) => {
    if (sqlDialect(t.deps.db).name === 'sqlite')
      ctx.skip('SQLite has one writer: no claim holds rows another waits for');
    const accountId = await createAccount(t, user.id, 'twitter');
    const due = Date.now() - 1000;
    const ids = ['a', 'b', 'c', 'd'].map((letter) => `due-${letter}-${newId()}`);
    for (const [index, id] of ids.entries()) {
      await insertPost(t.deps.db, post(id, accountId, { scheduledAt: due + index }));
    }
    const claimed = await raceOpenTransaction(
      t.deps.db,
      async (trx) => {
        await sql`select id from scheduled_posts where id in (${sql.join(ids.slice(0, 2))}) for update`.execute(
          trx,
        );
      },
      () =>
        claimDuePosts(t.deps.db, {
          platform: 'twitter',
          now: Date.now(),
          limit: 10,
          leaseUntil: Date.now() + 60_000,
          claim: 'second-engine:1',
        }),
    );
    expect(claimed.map((row) => row.id).sort()).toEqual(ids.slice(2).sort());
  });
});
