import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { collectAnalytics, nextReadAt } from '../../server/analytics/collect-analytics.js';
import { upsertAccountMetrics, upsertPostMetrics } from '../../server/analytics/post-metrics.repository.js';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/sandbox-server.js';
import type { AnalyticsResult } from '../../shared/analytics/api.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { connectInProcess, createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { injectFault, resetSandbox, sandboxRequests, waitForOutcome } from '../support/publishing-support.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount } from './posts-support.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);

let sandbox: RunningSandbox;
let t: TestApp;
let user: InProcessUser;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 0 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await resetSandbox(sandbox);
  // A LinkedIn app granted r_member_social: LinkedIn posts are read too.
  t = await createTestApp({
    SANDBOX_URL: sandbox.url,
    PUBLISH_RETRY_BASE_MS: '100',
    LINKEDIN_MEMBER_ANALYTICS: 'on',
  });
  user = await createSignedInUser(t);
});
afterEach(async () => {
  await t.deps.engine.stop();
  await t.close();
});

async function analytics(who: InProcessUser, query: string) {
  return t.request(`/api/analytics?${query}`, { headers: { cookie: who.cookie } });
}

async function analyticsOk(who: InProcessUser, query: string): Promise<AnalyticsResult> {
  const res = await analytics(who, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as AnalyticsResult;
}

/** Publishes a text post now through the engine and waits until the sandbox has it. */
async function publish(who: InProcessUser, accountId: string, content: string): Promise<string> {
  const res = await t.request('/api/posts', {
    method: 'POST',
    headers: { cookie: who.cookie },
    json: { socialAccountId: accountId, content, media: [], action: 'publish' },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { post } = (await res.json()) as { post: { id: string } };
  const done = await waitForOutcome(t, { id: who.id, cookie: who.cookie }, post.id);
  expect(done.status, done.errorMessage ?? '').toBe('posted');
  return post.id;
}

describe('analytics collected from the sandbox', () => {
  it('answers the overview, platform metrics, engagement by day and top posts after the job ran', async () => {
    await t.deps.engine.start();
    const [facebook] = await connectInProcess(t, user, 'facebook');
    const [linkedin] = await connectInProcess(t, user, 'linkedin');
    const [x] = await connectInProcess(t, user, 'twitter');
    await connectInProcess(t, user, 'instagram');
    const fbPost = await publish(user, facebook!, 'Our spring menu is out');
    const liPost = await publish(user, linkedin!, 'We are hiring a baker');
    const xPost = await publish(user, x!, 'Fresh bread at 7');

    const run = await collectAnalytics(t.deps);
    expect(run.failed).toEqual([]);
    expect(run.posts).toBe(3);

    const stored = await t.deps.db
      .selectFrom('postMetrics')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(stored.map((row) => row.postId).sort()).toEqual([fbPost, liPost, xPost].sort());
    // Read again in an hour: all three are minutes old.
    for (const row of stored) expect(row.nextReadAt).toBe(row.readAt + HOUR);

    const result = await analyticsOk(
      user,
      `from=${daysAgo(6)}&to=${today()}&platforms=facebook,linkedin,twitter`,
    );
    expect(result.platforms).toEqual(['facebook', 'linkedin', 'twitter']);
    const sum = (key: 'likes' | 'comments' | 'shares') => stored.reduce((total, row) => total + row[key], 0);
    expect(result.overview.likes.value).toBe(sum('likes'));
    expect(result.overview.comments.value).toBe(sum('comments'));
    expect(result.overview.shares.value).toBe(sum('shares'));
    expect(result.overview.totalPosts).toBe(3);
    // Followers of the Page and the X account (LinkedIn members' follower counts are not readable).
    const snapshots = await t.deps.db
      .selectFrom('accountMetricsDaily')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(snapshots.map((row) => row.platform).sort()).toEqual([
      'facebook',
      'instagram',
      'linkedin',
      'twitter',
    ]);
    const followers = snapshots
      .filter((row) => row.platform !== 'instagram')
      .reduce((total, row) => total + (row.followers ?? 0), 0);
    expect(result.overview.followers.value).toBe(followers);
    expect(result.overview.followers.value).toBeGreaterThan(0);
    expect(result.platformMetrics.map((row) => [row.platform, row.posts])).toEqual([
      ['facebook', 1],
      ['linkedin', 1],
      ['twitter', 1],
    ]);
    expect(result.platformMetrics.find((row) => row.platform === 'linkedin')?.followers).toBeNull();
    expect(result.engagementData).toHaveLength(7);
    expect(result.engagementData.at(-1)).toMatchObject({ date: today() });
    expect(result.engagementData.reduce((total, day) => total + day.engagement, 0)).toBe(
      stored.reduce((total, row) => total + row.engagement, 0),
    );
    expect(result.topPosts.map((post) => post.id).sort()).toEqual([fbPost, liPost, xPost].sort());
    expect(result.topPosts[0]!.metrics.engagement).toBeGreaterThanOrEqual(
      result.topPosts[2]!.metrics.engagement,
    );
    expect(result.heatmap.reduce((total, cell) => total + cell.posts, 0)).toBe(3);
    expect(result.unavailable).toEqual(['tiktok']);
    expect(result.lastReadAt).not.toBeNull();

    // The sent post carries its numbers (sent cards and the calendar's details show them).
    const xRow = stored.find((row) => row.postId === xPost)!;
    const sent = await t.request(`/api/posts/${xPost}`, { headers: { cookie: user.cookie } });
    expect(((await sent.json()) as { post: { metrics: unknown } }).post.metrics).toEqual({
      likes: xRow.likes,
      comments: xRow.comments,
      shares: xRow.shares,
      views: xRow.views,
      engagement: xRow.engagement,
      readAt: new Date(xRow.readAt).toISOString(),
    });

    // A second run within the hour reads the followers again but no post.
    const again = await collectAnalytics(t.deps);
    expect(again.posts).toBe(0);
  });

  it('retries a 429 from the insights endpoint and keeps stored numbers when a read fails', async () => {
    await t.deps.engine.start();
    const [facebook] = await connectInProcess(t, user, 'facebook');
    const postId = await publish(user, facebook!, 'Weekend opening hours');
    await injectFault(sandbox, {
      platform: 'facebook',
      method: 'GET',
      pathSuffix: '/insights',
      kind: 'status',
      status: 429,
      headers: { 'retry-after': '1' },
      body: { error: { message: 'Application request limit reached', code: 4 } },
      times: 1,
    });
    const first = await collectAnalytics(t.deps);
    expect(first.failed).toEqual([]);
    const insightCalls = await sandboxRequests(sandbox, { platform: 'facebook', pathSuffix: '/insights' });
    expect(insightCalls.map((call) => call.status)).toEqual([429, 200, 200]);
    const before = await t.deps.db
      .selectFrom('postMetrics')
      .selectAll()
      .where('postId', '=', postId)
      .executeTakeFirstOrThrow();

    // Due again, and now the platform keeps failing: the run reports it and the numbers stay.
    await t.deps.db
      .updateTable('postMetrics')
      .set({ nextReadAt: Date.now() - 1 })
      .execute();
    await injectFault(sandbox, {
      platform: 'facebook',
      method: 'GET',
      pathSuffix: '/insights',
      kind: 'status',
      status: 503,
      times: 20,
    });
    const second = await collectAnalytics(t.deps);
    expect(second.failed.map((failure) => failure.platform)).toEqual(['facebook']);
    const after = await t.deps.db
      .selectFrom('postMetrics')
      .selectAll()
      .where('postId', '=', postId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ ...before, nextReadAt: after.nextReadAt });
  }, 30_000);

  it('marks an account whose token is refused even after a refresh for reconnection', async () => {
    const [x] = await connectInProcess(t, user, 'twitter');
    await injectFault(sandbox, {
      platform: 'twitter',
      method: 'GET',
      pathSuffix: '/2/users/me',
      kind: 'status',
      status: 401,
      times: 5,
    });
    const run = await collectAnalytics(t.deps);
    expect(run.failed).toHaveLength(1);
    const account = await t.deps.db
      .selectFrom('socialAccounts')
      .select('status')
      .where('id', '=', x!)
      .executeTakeFirstOrThrow();
    expect(account.status).toBe('needs_reconnect');
  });
});

describe('analytics answers', () => {
  const seedAccount = (who: InProcessUser, platform: PlatformId) => createAccount(t, who.id, platform);

  async function seedPost(
    who: InProcessUser,
    accountId: string,
    platform: string,
    fields: {
      id: string;
      content: string;
      postedAt: number;
      likes: number;
      comments: number;
      shares: number;
      views?: number;
    },
  ) {
    await t.deps.db
      .insertInto('scheduledPosts')
      .values({
        id: fields.id,
        userId: who.id,
        socialAccountId: accountId,
        platform,
        content: fields.content,
        status: 'posted',
        isDraft: 0,
        scheduledAt: fields.postedAt,
        postedAt: fields.postedAt,
        postType: 'normal',
        media: '[]',
        tweets: null,
        metadata: '{}',
        platformPostId: `pp-${fields.id}`,
        platformPostUrl: `https://example.com/${fields.id}`,
        errorMessage: null,
        leaseUntil: null,
        nextAttemptAt: null,
        publishProgress: null,
        leaseOwner: null,
        createdAt: fields.postedAt,
        updatedAt: fields.postedAt,
      })
      .execute();
    await upsertPostMetrics(t.deps.db, [
      {
        postId: fields.id,
        userId: who.id,
        socialAccountId: accountId,
        platform,
        postedAt: fields.postedAt,
        likes: fields.likes,
        comments: fields.comments,
        shares: fields.shares,
        views: fields.views ?? 0,
        engagement: fields.likes + fields.comments + fields.shares,
        readAt: fields.postedAt + HOUR,
        nextReadAt: null,
      },
    ]);
  }

  const at = (date: string, hour: number) => Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);

  it('computes each Change against the compare range as the test does by hand', async () => {
    const fb = await seedAccount(user, 'facebook');
    await upsertAccountMetrics(t.deps.db, {
      socialAccountId: fb,
      userId: user.id,
      platform: 'facebook',
      day: '2026-03-07',
      followers: 1000,
      readAt: 1,
    });
    await upsertAccountMetrics(t.deps.db, {
      socialAccountId: fb,
      userId: user.id,
      platform: 'facebook',
      day: '2026-03-14',
      followers: 1150,
      readAt: 2,
    });
    // Range 2026-03-08..14: likes 30 + 15, comments 4, shares 0. Compare 03-01..07: likes 30, comments 0, shares 8.
    await seedPost(user, fb, 'facebook', {
      id: 'r1',
      content: 'a',
      postedAt: at('2026-03-09', 10),
      likes: 30,
      comments: 4,
      shares: 0,
    });
    await seedPost(user, fb, 'facebook', {
      id: 'r2',
      content: 'b',
      postedAt: at('2026-03-14', 23),
      likes: 15,
      comments: 0,
      shares: 0,
    });
    await seedPost(user, fb, 'facebook', {
      id: 'c1',
      content: 'c',
      postedAt: at('2026-03-02', 8),
      likes: 30,
      comments: 0,
      shares: 8,
    });
    await seedPost(user, fb, 'facebook', {
      id: 'out',
      content: 'd',
      postedAt: at('2026-03-15', 0),
      likes: 99,
      comments: 9,
      shares: 9,
    });

    const result = await analyticsOk(
      user,
      'from=2026-03-08&to=2026-03-14&compareFrom=2026-03-01&compareTo=2026-03-07&platforms=facebook',
    );
    // (45 - 30) / 30 = +50 %; followers (1150 - 1000) / 1000 = +15 %; shares (0 - 8) / 8 = -100 %;
    // comments had nothing to compare with.
    expect(result.overview).toEqual({
      followers: { value: 1150, previous: 1000, change: 15 },
      likes: { value: 45, previous: 30, change: 50 },
      comments: { value: 4, previous: 0, change: null },
      shares: { value: 0, previous: 8, change: -100 },
      totalPosts: 2,
    });
    expect(result.engagementData.find((day) => day.date === '2026-03-09')?.engagement).toBe(34);
    expect(result.topPosts.map((post) => post.id)).toEqual(['r1', 'r2']);
    expect(result.heatmap).toEqual(
      expect.arrayContaining([{ weekday: 1, hour: 10, engagement: 34, posts: 1 }]),
    );

    // Without a compare range: the seven days before.
    const defaults = await analyticsOk(user, 'from=2026-03-08&to=2026-03-14');
    expect(defaults.compare).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(defaults.overview.likes.previous).toBe(30);
  });

  it("groups days and the heat map on the user's wall clock across a daylight-saving change", async () => {
    await t.request('/api/settings/preferences', {
      method: 'PATCH',
      headers: { cookie: user.cookie },
      json: { timezone: 'Europe/Berlin' },
    });
    const fb = await seedAccount(user, 'facebook');
    // Berlin moves from +1 to +2 at 01:00 UTC on 2026-03-29.
    await seedPost(user, fb, 'facebook', {
      id: 'before',
      content: 'a',
      postedAt: Date.parse('2026-03-28T23:30:00Z'),
      likes: 1,
      comments: 0,
      shares: 0,
    });
    await seedPost(user, fb, 'facebook', {
      id: 'after',
      content: 'b',
      postedAt: Date.parse('2026-03-29T01:30:00Z'),
      likes: 2,
      comments: 0,
      shares: 0,
    });
    await seedPost(user, fb, 'facebook', {
      id: 'late',
      content: 'c',
      postedAt: Date.parse('2026-03-29T22:30:00Z'),
      likes: 4,
      comments: 0,
      shares: 0,
    });
    const result = await analyticsOk(user, 'from=2026-03-28&to=2026-03-30&platforms=facebook');
    // 00:30 and 03:30 on Sunday the 29th, and 00:30 on Monday the 30th, local time.
    expect(result.engagementData.map((day) => [day.date, day.likes])).toEqual([
      ['2026-03-28', 0],
      ['2026-03-29', 3],
      ['2026-03-30', 4],
    ]);
    expect(result.heatmap.sort((a, b) => a.weekday * 24 + a.hour - (b.weekday * 24 + b.hour))).toEqual([
      { weekday: 0, hour: 0, engagement: 1, posts: 1 },
      { weekday: 0, hour: 3, engagement: 2, posts: 1 },
      { weekday: 1, hour: 0, engagement: 4, posts: 1 },
    ]);
  });

  it('counts every platform with numbers and refuses TikTok alone with the spec message', async () => {
    const range = `from=${daysAgo(6)}&to=${today()}`;
    for (const only of ['tiktok', 'tiktok,nonsense']) {
      const res = await analytics(user, `${range}&platforms=${only}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: 'Please select a supported platform (Facebook, Instagram, LinkedIn).',
      });
    }
    const every = ['facebook', 'instagram', 'linkedin', 'twitter', 'threads'];
    expect((await analyticsOk(user, range)).platforms).toEqual(every);
    expect(
      (await analyticsOk(user, `${range}&platforms=twitter,facebook,instagram,linkedin,tiktok,threads`))
        .platforms,
    ).toEqual(every);
    expect((await analyticsOk(user, `${range}&platforms=tiktok,linkedin`)).platforms).toEqual(['linkedin']);
    expect((await analyticsOk(user, `${range}&platforms=twitter,tiktok`)).platforms).toEqual(['twitter']);
    expect((await analyticsOk(user, `${range}&platforms=threads`)).platforms).toEqual(['threads']);
    const backwards = await analytics(user, `from=${today()}&to=${daysAgo(3)}`);
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({
      message: 'Please choose a start date on or before the end date.',
    });
    expect((await analytics(user, 'from=yesterday&to=today')).status).toBe(400);
    expect((await t.request(`/api/analytics?${range}`)).status).toBe(401);
  });

  it('answers numbers for X alone and for Threads alone', async () => {
    const x = await seedAccount(user, 'twitter');
    const threads = await seedAccount(user, 'threads');
    const posted = Date.now() - HOUR;
    await seedPost(user, x, 'twitter', {
      id: 'x1',
      content: 'On X',
      postedAt: posted,
      likes: 7,
      comments: 2,
      shares: 1,
    });
    await seedPost(user, threads, 'threads', {
      id: 't1',
      content: 'On Threads',
      postedAt: posted,
      likes: 4,
      comments: 0,
      shares: 0,
    });
    await upsertAccountMetrics(t.deps.db, {
      socialAccountId: x,
      userId: user.id,
      platform: 'twitter',
      day: today(),
      followers: 321,
      readAt: posted,
    });
    const range = `from=${daysAgo(6)}&to=${today()}`;
    const onX = await analyticsOk(user, `${range}&platforms=twitter`);
    expect(onX.platforms).toEqual(['twitter']);
    expect(onX.overview).toMatchObject({
      followers: { value: 321 },
      likes: { value: 7 },
      comments: { value: 2 },
      shares: { value: 1 },
      totalPosts: 1,
    });
    expect(onX.topPosts.map((post) => post.id)).toEqual(['x1']);
    const onThreads = await analyticsOk(user, `${range}&platforms=threads`);
    expect(onThreads.overview.likes.value).toBe(4);
    // Without a choice both count, with everything else collected.
    expect((await analyticsOk(user, range)).overview.likes.value).toBe(11);
    expect((await analyticsOk(user, range)).unavailable).toEqual(['tiktok']);
  });

  it('shows two Facebook Pages as two rows and filters by one of them', async () => {
    const bakery = await seedAccount(user, 'facebook');
    const cafe = await seedAccount(user, 'facebook');
    await t.deps.db
      .updateTable('socialAccounts')
      .set({ accountName: 'Bakery' })
      .where('id', '=', bakery)
      .execute();
    await t.deps.db
      .updateTable('socialAccounts')
      .set({ accountName: 'Cafe' })
      .where('id', '=', cafe)
      .execute();
    const posted = Date.now() - HOUR;
    for (const [account, followers] of [
      [bakery, 100],
      [cafe, 40],
    ] as const) {
      await upsertAccountMetrics(t.deps.db, {
        socialAccountId: account,
        userId: user.id,
        platform: 'facebook',
        day: today(),
        followers,
        readAt: posted,
      });
    }
    await seedPost(user, bakery, 'facebook', {
      id: 'b1',
      content: 'Rye',
      postedAt: posted,
      likes: 10,
      comments: 1,
      shares: 0,
    });
    await seedPost(user, bakery, 'facebook', {
      id: 'b2',
      content: 'Spelt',
      postedAt: posted,
      likes: 5,
      comments: 0,
      shares: 0,
    });
    await seedPost(user, cafe, 'facebook', {
      id: 'c1',
      content: 'Latte',
      postedAt: posted,
      likes: 3,
      comments: 0,
      shares: 2,
    });
    const range = `from=${daysAgo(6)}&to=${today()}`;

    const both = await analyticsOk(user, `${range}&platforms=facebook`);
    expect(
      both.platformMetrics.map((row) => [
        row.accountId,
        row.accountName,
        row.followers,
        row.likes,
        row.posts,
      ]),
    ).toEqual([
      [bakery, 'Bakery', 100, 15, 2],
      [cafe, 'Cafe', 40, 3, 1],
    ]);
    expect(both.overview.followers.value).toBe(140);

    const onlyCafe = await analyticsOk(user, `${range}&accountId=${cafe}`);
    expect(onlyCafe.platforms).toEqual(['facebook']);
    expect(onlyCafe.platformMetrics.map((row) => row.accountId)).toEqual([cafe]);
    expect(onlyCafe.overview).toMatchObject({
      followers: { value: 40 },
      likes: { value: 3 },
      shares: { value: 2 },
      totalPosts: 1,
    });
    expect(onlyCafe.topPosts.map((post) => post.id)).toEqual(['c1']);
    expect(onlyCafe.engagementData.reduce((sum, day) => sum + day.engagement, 0)).toBe(5);
    expect(onlyCafe.heatmap.reduce((sum, cell) => sum + cell.posts, 0)).toBe(1);
    const csv = await (
      await t.request(`/api/analytics/export?${range}&accountId=${cafe}`, {
        headers: { cookie: user.cookie },
      })
    ).text();
    expect(csv).toContain('"Cafe","c1","Latte"');
    expect(csv).not.toContain('Rye');

    // Posts of a Page disconnected since stay counted, on a row of their own.
    await t.deps.db.deleteFrom('socialAccounts').where('id', '=', cafe).execute();
    const after = await analyticsOk(user, `${range}&platforms=facebook`);
    expect(after.platformMetrics.map((row) => [row.accountId, row.likes])).toEqual([
      [bakery, 15],
      [null, 3],
    ]);
  });

  it("answers 404 for another user's account and refuses a TikTok account", async () => {
    const other = await createSignedInUser(t);
    const theirs = await seedAccount(other, 'facebook');
    const res = await analytics(user, `from=${daysAgo(6)}&to=${today()}&accountId=${theirs}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', message: 'Account not found' });
    const tiktok = await seedAccount(user, 'tiktok');
    const refused = await analytics(user, `from=${daysAgo(6)}&to=${today()}&accountId=${tiktok}`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: 'Please select a supported platform (Facebook, Instagram, LinkedIn).',
    });
  });

  it("never shows another user's numbers", async () => {
    const other = await createSignedInUser(t);
    const mine = await seedAccount(user, 'linkedin');
    const theirs = await seedAccount(other, 'linkedin');
    const now = Date.now() - HOUR;
    await seedPost(user, mine, 'linkedin', {
      id: 'mine',
      content: 'Mine',
      postedAt: now,
      likes: 1,
      comments: 1,
      shares: 0,
    });
    await seedPost(other, theirs, 'linkedin', {
      id: 'theirs',
      content: 'Theirs',
      postedAt: now,
      likes: 500,
      comments: 50,
      shares: 5,
    });
    await upsertAccountMetrics(t.deps.db, {
      socialAccountId: theirs,
      userId: other.id,
      platform: 'linkedin',
      day: today(),
      followers: 9999,
      readAt: now,
    });
    const range = `from=${daysAgo(6)}&to=${today()}&platforms=linkedin`;
    const result = await analyticsOk(user, range);
    expect(result.overview.likes.value).toBe(1);
    expect(result.overview.followers.value).toBe(0);
    expect(result.topPosts.map((post) => post.id)).toEqual(['mine']);
    const csv = await (
      await t.request(`/api/analytics/export?${range}`, { headers: { cookie: user.cookie } })
    ).text();
    expect(csv).toContain('"Mine"');
    expect(csv).not.toContain('Theirs');
    expect(csv).not.toContain('9999');
  });

  it('exports the range as the golden CSV, formulas escaped', async () => {
    const fb = await seedAccount(user, 'facebook');
    const li = await seedAccount(user, 'linkedin');
    await upsertAccountMetrics(t.deps.db, {
      socialAccountId: fb,
      userId: user.id,
      platform: 'facebook',
      day: '2026-03-09',
      followers: 1200,
      readAt: 1,
    });
    await seedPost(user, fb, 'facebook', {
      id: 'post-1',
      content: '=HYPERLINK("http://evil.example","click")',
      postedAt: at('2026-03-09', 10),
      likes: 12,
      comments: 3,
      shares: 1,
      views: 400,
    });
    await seedPost(user, li, 'linkedin', {
      id: 'post-2',
      content: 'Crème brûlée, "the" classic\nsecond line',
      postedAt: at('2026-03-10', 16),
      likes: 7,
      comments: 0,
      shares: 0,
    });
    await seedPost(user, li, 'linkedin', {
      id: 'post-3',
      content: '+1 for sourdough',
      postedAt: at('2026-03-11', 8),
      likes: 0,
      comments: 2,
      shares: 0,
    });
    const res = await t.request(
      '/api/analytics/export?from=2026-03-09&to=2026-03-11&platforms=facebook,linkedin',
      {
        headers: { cookie: user.cookie },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="analytics_2026-03-09_2026-03-11.csv"',
    );
    // Byte for byte: the UTF-8 byte-order mark, CRLF line ends and the quoting.
    const golden = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'analytics-golden.csv'));
    expect(Buffer.from(await res.arrayBuffer()).toString('latin1')).toBe(golden.toString('latin1'));
  });
});

describe('re-reading cadence', () => {
  it('reads hourly for 6 hours, then every 6 hours, daily, every 3 days, and stops at 30 days', () => {
    const posted = Date.UTC(2026, 2, 1);
    expect(nextReadAt(posted, posted + 5 * HOUR)).toBe(posted + 6 * HOUR);
    expect(nextReadAt(posted, posted + 6 * HOUR)).toBe(posted + 12 * HOUR);
    expect(nextReadAt(posted, posted + 3 * DAY)).toBe(posted + 4 * DAY);
    expect(nextReadAt(posted, posted + 10 * DAY)).toBe(posted + 13 * DAY);
    expect(nextReadAt(posted, posted + 30 * DAY)).toBeNull();
  });
});
