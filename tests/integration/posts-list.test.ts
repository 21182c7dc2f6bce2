import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/core/ids.js';
import type { PostDto } from '../../shared/posts/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser } from './posts-support.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The calendar date and weekday of an instant in a zone, read with Intl (independent of the server's dayjs). */
function localParts(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')),
  };
}

/** The instant of local midnight starting the given calendar date in the zone. */
function localMidnight(year: number, month: number, day: number, timeZone: string): number {
  let guess = Date.UTC(year, month - 1, day);
  for (let i = 0; i < 3; i += 1) {
    const p = localParts(guess, timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += Date.UTC(year, month - 1, day) - asUtc;
  }
  return guess;
}

function todayBounds(timeZone: string, now = Date.now()) {
  const p = localParts(now, timeZone);
  const start = localMidnight(p.year, p.month, p.day, timeZone);
  const next = localParts(start + DAY + 2 * 3_600_000, timeZone);
  return { start, end: localMidnight(next.year, next.month, next.day, timeZone), weekday: p.weekday };
}

function weekBounds(timeZone: string, now = Date.now()) {
  const today = todayBounds(timeZone, now);
  const sunday = localParts(today.start - today.weekday * DAY + 12 * 3_600_000, timeZone);
  const start = localMidnight(sunday.year, sunday.month, sunday.day, timeZone);
  const nextSunday = localParts(start + 7 * DAY + 12 * 3_600_000, timeZone);
  return { start, end: localMidnight(nextSunday.year, nextSunday.month, nextSunday.day, timeZone) };
}

describe('posts list', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  async function insert(
    user: PostsUser,
    accountId: string,
    values: {
      content?: string;
      status?: string;
      scheduledAt?: number | null;
      createdAt?: number;
      platform?: string;
    },
  ) {
    const now = Date.now();
    const status = (values.status ?? 'scheduled') as
      | 'draft'
      | 'scheduled'
      | 'publishing'
      | 'posted'
      | 'failed';
    const id = newId();
    await t.deps.db
      .insertInto('scheduledPosts')
      .values({
        id,
        userId: user.id,
        socialAccountId: accountId,
        platform: values.platform ?? 'facebook',
        content: values.content ?? id,
        status,
        isDraft: status === 'draft' ? 1 : 0,
        scheduledAt: values.scheduledAt === undefined ? now + DAY : values.scheduledAt,
        postedAt: status === 'posted' ? (values.scheduledAt ?? now) : null,
        postType: 'normal',
        media: '[]',
        tweets: null,
        metadata: '{}',
        createdAt: values.createdAt ?? now,
        updatedAt: now,
      })
      .execute();
    return id;
  }

  async function list(user: PostsUser, query: string) {
    const res = await t.request(`/api/posts?${query}`, { headers: user.headers });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${res.status} ${body.message}`);
    return body as { posts: PostDto[]; total: number; page: number; pageSize: number };
  }

  it('pages upcoming posts 10 at a time with the exact total, newest or oldest first', async () => {
    const user = await createUser(t);
    const accountId = await createAccount(t, user.id, 'facebook');
    const base = Date.now() - 100 * MINUTE;
    for (let i = 0; i < 23; i += 1)
      await insert(user, accountId, { content: `post ${i}`, createdAt: base + i * MINUTE });
    const page1 = await list(user, 'view=upcoming&page=1');
    expect(page1).toMatchObject({ total: 23, page: 1, pageSize: 10 });
    expect(page1.posts.map((p) => p.content).slice(0, 2)).toEqual(['post 22', 'post 21']);
    expect(page1.posts[0]!.account).toMatchObject({ id: accountId, platform: 'facebook' });
    const page3 = await list(user, 'view=upcoming&page=3');
    expect(page3.posts).toHaveLength(3);
    const oldest = await list(user, 'view=upcoming&sort=oldest');
    expect(oldest.posts[0]!.content).toBe('post 0');
  });

  it('shows only non-draft posts at or after now by default, drafts under the draft filter, and only the user’s', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const accountId = await createAccount(t, user.id, 'facebook');
    const otherAccount = await createAccount(t, other.id, 'facebook');
    await insert(user, accountId, { content: 'future' });
    await insert(user, accountId, { content: 'overdue', scheduledAt: Date.now() - 10 * MINUTE });
    await insert(user, accountId, { content: 'draft', status: 'draft', scheduledAt: null });
    await insert(user, accountId, { content: 'sent', status: 'posted', scheduledAt: Date.now() - DAY });
    await insert(user, accountId, { content: 'broken', status: 'failed', scheduledAt: Date.now() - DAY });
    await insert(other, otherAccount, { content: 'not mine' });

    expect((await list(user, 'view=upcoming')).posts.map((p) => p.content)).toEqual(['future']);
    expect((await list(user, 'view=upcoming&status=draft')).posts.map((p) => p.content)).toEqual(['draft']);
    expect((await list(user, 'view=sent')).posts.map((p) => p.content).sort()).toEqual(['broken', 'sent']);
    expect((await list(user, 'view=sent&status=failed')).posts.map((p) => p.content)).toEqual(['broken']);
  });

  it('filters by platform and by content, with LIKE wildcards matched literally', async () => {
    const user = await createUser(t);
    const fb = await createAccount(t, user.id, 'facebook');
    const li = await createAccount(t, user.id, 'linkedin');
    await insert(user, fb, { content: 'Sale: 50% off today' });
    await insert(user, fb, { content: 'Sale: 500 off today' });
    await insert(user, li, { content: 'snake_case tips', platform: 'linkedin' });
    await insert(user, li, { content: 'snakeXcase tips', platform: 'linkedin' });
    expect((await list(user, `search=${encodeURIComponent('50%')}`)).posts.map((p) => p.content)).toEqual([
      'Sale: 50% off today',
    ]);
    expect((await list(user, 'search=SNAKE_')).posts.map((p) => p.content)).toEqual(['snake_case tips']);
    const linkedin = await list(user, 'platform=linkedin');
    expect(linkedin.total).toBe(2);
    expect(linkedin.posts.every((p) => p.platform === 'linkedin')).toBe(true);
  });

  it('filters the lists and the calendar by one of two accounts of a platform', async () => {
    const user = await createUser(t);
    const bakery = await createAccount(t, user.id, 'facebook');
    const cafe = await createAccount(t, user.id, 'facebook');
    await insert(user, bakery, { content: 'bakery upcoming' });
    await insert(user, cafe, { content: 'cafe upcoming' });
    await insert(user, cafe, { content: 'cafe sent', status: 'posted', scheduledAt: Date.now() - DAY });
    await insert(user, bakery, { content: 'bakery sent', status: 'posted', scheduledAt: Date.now() - DAY });

    const upcoming = await list(user, `view=upcoming&accountId=${cafe}`);
    expect(upcoming.posts.map((p) => p.content)).toEqual(['cafe upcoming']);
    expect(upcoming.total).toBe(1);
    expect((await list(user, `view=sent&accountId=${bakery}`)).posts.map((p) => p.content)).toEqual([
      'bakery sent',
    ]);
    // Empty means every account.
    expect((await list(user, 'view=upcoming&accountId=')).total).toBe(2);

    const from = new Date(Date.now() - 7 * DAY).toISOString();
    const to = new Date(Date.now() + 7 * DAY).toISOString();
    const calendar = async (accountId: string) => {
      const res = await t.request(`/api/posts/calendar?from=${from}&to=${to}&accountId=${accountId}`, {
        headers: user.headers,
      });
      return { status: res.status, body: await res.json() };
    };
    const cafes = await calendar(cafe);
    expect(cafes.status).toBe(200);
    expect(
      (cafes.body.posts as Array<{ preview: string; socialAccountId: string }>).map((p) => [
        p.preview,
        p.socialAccountId,
      ]),
    ).toEqual([
      ['cafe sent', cafe],
      ['cafe upcoming', cafe],
    ]);
  });

  it("answers 404 for another user's account in the list and calendar filters", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const theirs = await createAccount(t, other.id, 'facebook');
    await insert(other, theirs, { content: 'not mine' });
    for (const path of [
      `/api/posts?view=upcoming&accountId=${theirs}`,
      `/api/posts?view=sent&accountId=${theirs}`,
      `/api/posts/calendar?from=${new Date(Date.now() - DAY).toISOString()}&to=${new Date(Date.now() + 7 * DAY).toISOString()}&accountId=${theirs}`,
    ]) {
      const res = await t.request(path, { headers: user.headers });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'not_found', message: 'Account not found' });
    }
  });

  it('documents the account filter of the lists and the calendar in the OpenAPI document', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    for (const path of ['/api/posts', '/api/posts/calendar', '/api/analytics']) {
      const names = (doc.paths[path].get.parameters as Array<{ name: string }>).map((p) => p.name);
      expect(names, path).toContain('accountId');
    }
  });

  it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo'])(
    "computes 'today' and 'this-week' on the calendar of %s",
    async (timeZone) => {
      const user = await createUser(t, { timezone: timeZone });
      const accountId = await createAccount(t, user.id, 'facebook');
      const today = todayBounds(timeZone);
      const week = weekBounds(timeZone);
      const at = async (content: string, scheduledAt: number) =>
        insert(user, accountId, { content, scheduledAt });
      await at('before today', today.start - MINUTE);
      await at('start of today', today.start + MINUTE);
      await at('end of today', today.end - MINUTE);
      await at('tomorrow', today.end + MINUTE);
      await at('before the week', week.start - MINUTE);
      await at('week start', week.start);
      await at('week end', week.end - MINUTE);
      await at('next week', week.end);

      const todays = (await list(user, 'range=today')).posts.map((p) => p.content).sort();
      const expectedToday = ['start of today', 'end of today'];
      if (week.start === today.start) expectedToday.push('week start');
      if (week.end === today.end) expectedToday.push('week end');
      expect(todays).toEqual(expectedToday.sort());

      const weeks = (await list(user, 'range=this-week')).posts.map((p) => p.content).sort();
      const expectedWeek = ['start of today', 'end of today', 'week start', 'week end'];
      if (today.start - MINUTE >= week.start) expectedWeek.push('before today');
      if (today.end + MINUTE < week.end) expectedWeek.push('tomorrow');
      expect(weeks).toEqual(expectedWeek.sort());
    },
  );

  it("computes the sent lists' ranges in the user's timezone", async () => {
    const timeZone = 'Asia/Tokyo';
    const user = await createUser(t, { timezone: timeZone });
    const accountId = await createAccount(t, user.id, 'facebook');
    const today = todayBounds(timeZone);
    await insert(user, accountId, { content: 'today', status: 'posted', scheduledAt: today.start + MINUTE });
    await insert(user, accountId, {
      content: 'yesterday',
      status: 'posted',
      scheduledAt: today.start - MINUTE,
    });
    await insert(user, accountId, {
      content: 'long ago',
      status: 'failed',
      scheduledAt: Date.now() - 40 * DAY,
    });
    expect((await list(user, 'view=sent&range=today')).posts.map((p) => p.content)).toEqual(['today']);
    expect((await list(user, 'view=sent&range=30d&sort=oldest')).posts.map((p) => p.content)).toEqual([
      'yesterday',
      'today',
    ]);
    expect((await list(user, 'view=sent&range=all')).total).toBe(3);
  });

  it('refuses a sent-only range on the upcoming list', async () => {
    const user = await createUser(t);
    const res = await t.request('/api/posts?view=upcoming&range=this-year', { headers: user.headers });
    expect(res.status).toBe(400);
  });
});
