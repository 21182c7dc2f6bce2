import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upsertPostMetrics } from '../../server/analytics/post-metrics.repository.js';
import { newId } from '../../server/core/ids.js';
import { createPost } from '../../server/posts/create-post.js';
import { zonedTimeToUtc } from '../../shared/time/zoned-time.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser } from './posts-support.js';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

interface ScheduleBody {
  schedule: {
    id: string;
    accountId: string | null;
    timezone: string;
    timeFormat: string;
    times: Array<{ id: string; day: number; time: string }>;
  };
  customAccountIds: string[];
}

async function schedule(user: PostsUser, query = ''): Promise<ScheduleBody> {
  const res = await t.request(`/api/schedule${query}`, { headers: user.headers });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ScheduleBody;
}

/** A user who never saved preferences (the schedule's first visit decides them). */
async function freshUser(timezone = 'UTC'): Promise<PostsUser> {
  const user = await createUser(t, { timezone });
  return user;
}

function addTime(user: PostsUser, body: Record<string, unknown>) {
  return t.request('/api/schedule/times', { method: 'POST', headers: user.headers, json: body });
}

describe('the default posting schedule', () => {
  it.each([
    ['UTC', 'Europe/London'],
    ['Asia/Kathmandu', 'Asia/Kolkata'],
    ['Pacific/Chatham', 'America/New_York'],
    ['America/Argentina/Salta', 'America/Argentina/Buenos_Aires'],
  ])(
    'is created on the first visit in the stored zone %s (the browser in %s changes nothing), 09:00 and 14:00 every day',
    async (stored, browser) => {
      const user = await freshUser(stored);
      // Older web apps sent the browser's zone along: it is no reason to change the user's.
      const body = await schedule(user, `?timezone=${encodeURIComponent(browser)}`);
      expect(body.schedule).toMatchObject({ accountId: null, timezone: stored, timeFormat: '24h' });
      expect(body.schedule.times).toHaveLength(14);
      for (let day = 0; day < 7; day++) {
        expect(body.schedule.times.filter((time) => time.day === day).map((time) => time.time)).toEqual([
          '09:00',
          '14:00',
        ]);
      }
      // A zone outside the 29 listed ones is kept as it is, not snapped to a neighbour.
      const preferences = await (
        await t.request('/api/settings/preferences', { headers: user.headers })
      ).json();
      expect(preferences).toMatchObject({ timezone: stored });
      expect((await schedule(user, '?timezone=Europe/Berlin')).schedule.timezone).toBe(stored);
    },
  );

  it('keeps a user signed up in UTC in UTC after a visit from a browser in London', async () => {
    const signup = await t.request('/api/auth/signup', {
      method: 'POST',
      json: { email: 'utc-user@schedule.test', password: 'test-pass-1', timezone: 'UTC', language: 'en' },
    });
    expect(signup.status, await signup.clone().text()).toBeLessThan(300);
    const row = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'utc-user@schedule.test')
      .executeTakeFirstOrThrow();
    const session = await t.deps.lucia.createSession(row.id, { remember: true, kind: 'token' });
    const user = { id: row.id, headers: { authorization: `Bearer ${session.id}` } };
    expect((await schedule(user, '?timezone=Europe/London')).schedule.timezone).toBe('UTC');
    const stored = await t.deps.db
      .selectFrom('users')
      .select('timezone')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(stored.timezone).toBe('UTC');
  });

  it('keeps a time zone and clock the user already chose', async () => {
    const user = await freshUser();
    await t.request('/api/settings/preferences', {
      method: 'PATCH',
      headers: user.headers,
      json: { timezone: 'Europe/Lisbon', timeFormat: '12h' },
    });
    expect((await schedule(user, '?timezone=Asia/Tokyo')).schedule).toMatchObject({
      timezone: 'Europe/Lisbon',
      timeFormat: '12h',
    });
  });
});

describe('posting times', () => {
  it('adds a time on every day as seven times, and one weekday as one', async () => {
    const user = await freshUser();
    await schedule(user);
    const every = await addTime(user, { hour: 4, minute: 30, period: 'PM', day: 'everyday' });
    expect(every.status).toBe(201);
    const times = (await every.json()).times as Array<{ day: number; time: string }>;
    expect(times.filter((time) => time.time === '16:30')).toHaveLength(7);
    const monday = await addTime(user, { hour: 12, minute: 5, period: 'AM', day: 1 });
    expect(
      ((await monday.json()).times as Array<{ day: number; time: string }>).filter((x) => x.time === '00:05'),
    ).toEqual([expect.objectContaining({ day: 1 })]);
    const again = await addTime(user, { hour: 12, minute: 5, period: 'AM', day: 1 });
    expect(again.status).toBe(409);
  });

  it('refuses an hour or minute outside the form', async () => {
    const user = await freshUser();
    await schedule(user);
    const hour = await addTime(user, { hour: 13, minute: 0, period: 'AM', day: 1 });
    expect(await hour.json()).toMatchObject({
      code: 'validation_error',
      message: 'Hour must be between 01 and 12',
    });
    const minute = await addTime(user, { hour: 1, minute: 60, period: 'AM', day: 1 });
    expect((await minute.json()).message).toBe('Minute must be between 00 and 59');
    const late = await addTime(user, { hour: 24, minute: 0, day: 1 });
    expect((await late.json()).message).toBe('Hour must be between 00 and 23');
  });

  it('takes an hour 00-23 without AM/PM from the 24-hour form', async () => {
    const user = await freshUser();
    await schedule(user);
    const evening = await addTime(user, { hour: 21, minute: 15, day: 3 });
    expect(evening.status, await evening.clone().text()).toBe(201);
    const midnight = await addTime(user, { hour: 0, minute: 0, day: 3 });
    const times = (await midnight.json()).times as Array<{ day: number; time: string }>;
    expect(times.filter((time) => time.day === 3).map((time) => time.time)).toEqual([
      '00:00',
      '09:00',
      '14:00',
      '21:15',
    ]);
  });

  it('deletes one time and clears all', async () => {
    const user = await freshUser();
    const { schedule: first } = await schedule(user);
    const gone = first.times[0]!;
    expect(
      (await t.request(`/api/schedule/times/${gone.id}`, { method: 'DELETE', headers: user.headers })).status,
    ).toBe(200);
    expect((await schedule(user)).schedule.times).toHaveLength(13);
    expect((await t.request('/api/schedule/times', { method: 'DELETE', headers: user.headers })).status).toBe(
      200,
    );
    expect((await schedule(user)).schedule.times).toEqual([]);
  });

  it("answers 404 for another user's posting time and account", async () => {
    const owner = await freshUser();
    const stranger = await freshUser();
    const { schedule: theirs } = await schedule(owner);
    const accountId = await createAccount(t, owner.id, 'twitter');
    await schedule(stranger);
    const time = theirs.times[0]!;
    expect(
      (await t.request(`/api/schedule/times/${time.id}`, { method: 'DELETE', headers: stranger.headers }))
        .status,
    ).toBe(404);
    expect(
      (await t.request(`/api/schedule?accountId=${accountId}`, { headers: stranger.headers })).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/schedule/accounts/${accountId}`, { method: 'PUT', headers: stranger.headers }))
        .status,
    ).toBe(404);
    expect(
      (await t.request(`/api/schedule/next-slot?accountId=${accountId}`, { headers: stranger.headers }))
        .status,
    ).toBe(404);
    expect((await schedule(owner)).schedule.times).toHaveLength(14);
  });

  it('gives one account its own times while the others keep the default', async () => {
    const user = await freshUser();
    await schedule(user);
    const x = await createAccount(t, user.id, 'twitter');
    const put = await t.request(`/api/schedule/accounts/${x}`, { method: 'PUT', headers: user.headers });
    expect(put.status).toBe(200);
    expect((await put.json()).schedule).toMatchObject({ accountId: x });
    await t.request(`/api/schedule/times?accountId=${x}`, { method: 'DELETE', headers: user.headers });
    await addTime(user, { hour: 7, minute: 15, period: 'AM', day: 3, accountId: x });
    expect((await schedule(user, `?accountId=${x}`)).schedule.times.map((time) => time.time)).toEqual([
      '07:15',
    ]);
    expect((await schedule(user)).schedule.times).toHaveLength(14);
    expect((await schedule(user)).customAccountIds).toEqual([x]);
  });
});

describe('add to queue', () => {
  async function berlinUserWithNineOClock() {
    const user = await freshUser('Europe/Berlin');
    await schedule(user);
    await t.request('/api/schedule/times', { method: 'DELETE', headers: user.headers });
    await addTime(user, { hour: 9, minute: 0, period: 'AM', day: 'everyday' });
    const accountId = await createAccount(t, user.id, 'linkedin');
    return { user, accountId };
  }

  async function queue(user: PostsUser, accountId: string, now: number, content = 'Queued') {
    return createPost(
      t.deps,
      user.id,
      { socialAccountId: accountId, content, media: [], metadata: {}, action: 'queue' },
      now,
    );
  }

  const berlin = (date: string, hour: number, minute = 0) =>
    zonedTimeToUtc({ date, hour, minute }, 'Europe/Berlin').toISOString();

  it('keeps the wall-clock slot across the spring daylight-saving change (last Sunday of March)', async () => {
    const { user, accountId } = await berlinUserWithNineOClock();
    const friday = Date.parse(berlin('2027-03-26', 10));
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await queue(user, accountId, friday, `Spring ${i}`));
    expect(posts.map((post) => post.scheduledAt)).toEqual([
      '2027-03-27T08:00:00.000Z', // Saturday 09:00 CET (UTC+1)
      '2027-03-28T07:00:00.000Z', // Sunday 09:00 CEST (UTC+2), the day the clocks go forward
      '2027-03-29T07:00:00.000Z',
    ]);
  });

  it('keeps the wall-clock slot across the autumn change (last Sunday of October)', async () => {
    const { user, accountId } = await berlinUserWithNineOClock();
    const friday = Date.parse(berlin('2027-10-29', 10));
    const posts = [];
    for (let i = 0; i < 3; i++) posts.push(await queue(user, accountId, friday, `Autumn ${i}`));
    expect(posts.map((post) => post.scheduledAt)).toEqual([
      '2027-10-30T07:00:00.000Z', // Saturday 09:00 CEST
      '2027-10-31T08:00:00.000Z', // Sunday 09:00 CET, the day the clocks go back
      '2027-11-01T08:00:00.000Z',
    ]);
  });

  it('never gives two posts of one account the same slot, even at once, and frees a slot when its post goes', async () => {
    const { user, accountId } = await berlinUserWithNineOClock();
    const other = await createAccount(t, user.id, 'twitter');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request('/api/posts', {
          method: 'POST',
          headers: user.headers,
          json: { socialAccountId: accountId, content: `At once ${i}`, action: 'queue' },
        }),
      ),
    );
    const times = await Promise.all(
      results.map(async (res) => (await res.json()).post.scheduledAt as string),
    );
    expect(new Set(times).size).toBe(8);
    for (const time of times) expect(new Date(time).toISOString()).toMatch(/T0[78]:00:00.000Z$/);
    // Another account's queue has the same slots to itself.
    const first = [...times].sort()[0];
    const otherPost = await t.request('/api/posts', {
      method: 'POST',
      headers: user.headers,
      json: { socialAccountId: other, content: 'Other account', action: 'queue' },
    });
    expect((await otherPost.json()).post.scheduledAt).toBe(first);
    // Deleting the earliest queued post frees its slot for the next one.
    const list = await t.deps.db
      .selectFrom('scheduledPosts')
      .select(['id', 'scheduledAt'])
      .where('socialAccountId', '=', accountId)
      .orderBy('scheduledAt')
      .execute();
    await t.request(`/api/posts/${list[0]!.id}`, { method: 'DELETE', headers: user.headers });
    const next = await t.request('/api/posts', {
      method: 'POST',
      headers: user.headers,
      json: { socialAccountId: accountId, content: 'Into the freed slot', action: 'queue' },
    });
    expect(Date.parse((await next.json()).post.scheduledAt)).toBe(list[0]!.scheduledAt);
  });

  it('uses the default 09:00 and 14:00 for a user who never opened the schedule', async () => {
    const user = await freshUser('Europe/Berlin');
    const accountId = await createAccount(t, user.id, 'linkedin');
    const friday = Date.parse(berlin('2027-03-26', 10));
    const first = await queue(user, accountId, friday);
    const second = await queue(user, accountId, friday);
    expect([first.scheduledAt, second.scheduledAt]).toEqual([
      '2027-03-26T13:00:00.000Z', // Friday 14:00 CET
      '2027-03-27T08:00:00.000Z', // Saturday 09:00 CET
    ]);
  });

  it('says so when the schedule has no times', async () => {
    const user = await freshUser();
    await schedule(user);
    await t.request('/api/schedule/times', { method: 'DELETE', headers: user.headers });
    const accountId = await createAccount(t, user.id, 'linkedin');
    const res = await t.request('/api/posts', {
      method: 'POST',
      headers: user.headers,
      json: { socialAccountId: accountId, content: 'Nowhere to go', action: 'queue' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/no times for this account/);
  });
});

describe('recommended posting times', () => {
  it('are generic for a new user, at confidence 0.75', async () => {
    const user = await freshUser('America/Chicago');
    await createAccount(t, user.id, 'twitter');
    const body = await (await t.request('/api/schedule/recommendations', { headers: user.headers })).json();
    expect(body.recommendations).toHaveLength(1);
    expect(body.recommendations[0]).toMatchObject({
      platform: 'twitter',
      isGeneric: true,
      confidenceLevel: 0.75,
    });
    expect(body.recommendations[0].slots[0]).toMatchObject({ isGeneric: true, confidenceLevel: 0.75 });
  });

  it("follow the account's own engagement: 40 posts that do best on Tuesdays 10:00 make that the top slot", async () => {
    const user = await freshUser('Europe/Berlin');
    await schedule(user);
    const accountId = await createAccount(t, user.id, 'twitter');
    const other = await createAccount(t, user.id, 'linkedin');
    const rows = [];
    for (let week = 0; week < 40; week++) {
      // Tuesdays 10:00 in Berlin, week after week, plus weaker posts on other days.
      const date = new Date(Date.UTC(2026, 0, 6 + week * 7)).toISOString().slice(0, 10);
      const tuesday = zonedTimeToUtc({ date, hour: 10, minute: 0 }, 'Europe/Berlin').getTime();
      rows.push({ postedAt: tuesday, engagement: 300 + week });
      rows.push({ postedAt: tuesday + 2 * 86_400_000 + 5 * 3_600_000, engagement: 12 });
    }
    for (const row of rows) await seedPublished(user.id, accountId, row.postedAt, row.engagement);
    const body = await (await t.request('/api/schedule/recommendations', { headers: user.headers })).json();
    const x = body.recommendations.find((r: { accountId: string }) => r.accountId === accountId);
    expect(x).toMatchObject({ isGeneric: false, sampleSize: 80 });
    expect(x.confidenceLevel).toBeGreaterThan(0.75);
    expect(x.slots[0]).toMatchObject({ dayOfWeek: 2, timeSlot: '10:00', isGeneric: false });
    // Another account of the same user is unaffected.
    expect(body.recommendations.find((r: { accountId: string }) => r.accountId === other).isGeneric).toBe(
      true,
    );

    // "Use these times" puts the top slots into the schedule.
    const applied = await t.request('/api/schedule/recommendations/apply', {
      method: 'POST',
      headers: user.headers,
      json: { accountId },
    });
    const times = (await applied.json()).times as Array<{ day: number; time: string }>;
    expect(times).toContainEqual(expect.objectContaining({ day: 2, time: '10:00' }));
  });
});

describe('the calendar range', () => {
  it('has the scheduled and recently sent posts of the range, and nothing of another user', async () => {
    const user = await freshUser();
    const stranger = await freshUser();
    const accountId = await createAccount(t, user.id, 'linkedin');
    const theirAccount = await createAccount(t, stranger.id, 'linkedin');
    const now = Date.now();
    const day = 86_400_000;
    await insertPost(user.id, accountId, {
      status: 'scheduled',
      scheduledAt: now + 2 * day,
      content: 'In range',
    });
    await insertPost(user.id, accountId, {
      status: 'posted',
      scheduledAt: now - 2 * day,
      postedAt: now - 2 * day,
      content: 'Sent lately',
    });
    await insertPost(user.id, accountId, {
      status: 'posted',
      scheduledAt: now - 40 * day,
      postedAt: now - 40 * day,
      content: 'Sent long ago',
    });
    await insertPost(user.id, accountId, {
      status: 'draft',
      isDraft: 1,
      scheduledAt: now + day,
      content: 'A draft',
    });
    await insertPost(user.id, accountId, {
      status: 'scheduled',
      scheduledAt: now + 60 * day,
      content: 'Out of range',
    });
    await insertPost(stranger.id, theirAccount, {
      status: 'scheduled',
      scheduledAt: now + day,
      content: 'Not yours',
    });
    const range = `from=${new Date(now - 41 * day).toISOString()}&to=${new Date(now + 3 * day).toISOString()}`;
    const res = await t.request(`/api/posts/calendar?${range}`, { headers: user.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const posts = (await res.json()).posts as Array<{ preview: string; status: string }>;
    expect(posts.map((post) => post.preview)).toEqual(['Sent lately', 'In range']);
    // Every field of a cell; a member with no value is left out.
    expect(posts[0]).toEqual({
      id: expect.any(String),
      platform: 'linkedin',
      socialAccountId: accountId,
      status: 'posted',
      atMs: now - 2 * day,
      preview: 'Sent lately',
    });
    expect(posts[1]).toMatchObject({ status: 'scheduled', atMs: now + 2 * day });
    const tooLong = await t.request(
      `/api/posts/calendar?from=${new Date(now).toISOString()}&to=${new Date(now + 90 * day).toISOString()}`,
      { headers: user.headers },
    );
    expect(tooLong.status).toBe(400);
  });

  it("has a sent post's address and a failed post's reason, their text as it was written", async () => {
    const user = await freshUser();
    const accountId = await createAccount(t, user.id, 'linkedin');
    const now = Date.now();
    const day = 86_400_000;
    await insertPost(user.id, accountId, {
      status: 'posted',
      scheduledAt: now - day,
      postedAt: now - day,
      content: 'Sent with "quotes"\\ and a\nline',
      platformPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
    });
    await insertPost(user.id, accountId, {
      status: 'failed',
      scheduledAt: now - 2 * day,
      content: 'Failed',
      errorMessage: 'LinkedIn said: "Duplicate post" \u{1F600}',
    });
    const range = `from=${new Date(now - 3 * day).toISOString()}&to=${new Date(now + day).toISOString()}`;
    const res = await t.request(`/api/posts/calendar?${range}`, { headers: user.headers });
    expect((await res.json()).posts).toEqual([
      expect.objectContaining({
        status: 'failed',
        errorMessage: 'LinkedIn said: "Duplicate post" \u{1F600}',
      }),
      expect.objectContaining({
        status: 'posted',
        preview: 'Sent with "quotes"\\ and a\nline',
        platformPostUrl: 'https://www.linkedin.com/feed/update/urn:li:share:1',
      }),
    ]);
  });
});

async function insertPost(
  userId: string,
  accountId: string,
  fields: {
    status: 'scheduled' | 'posted' | 'failed' | 'draft';
    scheduledAt: number;
    postedAt?: number;
    content: string;
    isDraft?: number;
    platformPostUrl?: string;
    errorMessage?: string;
  },
): Promise<string> {
  const id = newId();
  await t.deps.db
    .insertInto('scheduledPosts')
    .values({
      id,
      userId,
      socialAccountId: accountId,
      platform: 'linkedin',
      content: fields.content,
      status: fields.status,
      isDraft: fields.isDraft ?? 0,
      scheduledAt: fields.scheduledAt,
      postedAt: fields.postedAt ?? null,
      postType: 'normal',
      media: '[]',
      tweets: null,
      metadata: '{}',
      platformPostId: null,
      platformPostUrl: fields.platformPostUrl ?? null,
      errorMessage: fields.errorMessage ?? null,
      leaseUntil: null,
      nextAttemptAt: null,
      publishProgress: null,
      leaseOwner: null,
      createdAt: Date.now(),
      updatedAt: Date.now(),
    })
    .execute();
  return id;
}

/** A published post with its engagement, as the analytics collector records it. */
async function seedPublished(userId: string, accountId: string, postedAt: number, engagement: number) {
  const id = await insertPost(userId, accountId, {
    status: 'posted',
    scheduledAt: postedAt,
    postedAt,
    content: `Post at ${postedAt}`,
  });
  await upsertPostMetrics(t.deps.db, [
    {
      postId: id,
      userId,
      socialAccountId: accountId,
      platform: 'twitter',
      postedAt,
      likes: engagement,
      comments: 0,
      shares: 0,
      views: engagement * 10,
      engagement,
      readAt: Date.now(),
      nextReadAt: null,
    },
  ]);
}
