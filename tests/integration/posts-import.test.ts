import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { importPosts } from '../../server/bulk-import/import-posts.js';
import { MEDIA_MESSAGES } from '../../shared/media/media-messages.js';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { duplicateTextWarning } from '../../shared/platforms/posting-rules.js';
import { POST_MESSAGES } from '../../shared/posts/api.js';
import type { ImportResult } from '../../shared/posts/import.js';
import { addFault } from '../support/database-faults.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser, pngBytes } from './posts-support.js';

const BERLIN = 'Europe/Berlin';

let png: Buffer;
let server: http.Server;
let site: string;

beforeAll(async () => {
  png = await pngBytes();
  server = http.createServer((req, res) => {
    if (req.url === '/cake.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function named(t: TestApp, userId: string, platform: PlatformId, handle: string, name = handle) {
  const id = await createAccount(t, userId, platform);
  await t.deps.db
    .updateTable('socialAccounts')
    .set({ accountHandle: handle, accountName: name })
    .where('id', '=', id)
    .execute();
  return id;
}

describe('POST /api/posts/import', () => {
  let t: TestApp;
  let user: PostsUser;
  const ids = { x: '', fb: '', insta: '', tiktok: '' };

  beforeEach(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_MEDIA_URLS: 'on' });
    user = await createUser(t, { timezone: BERLIN });
    ids.x = await named(t, user.id, 'twitter', 'bakery_x', 'Bakery X');
    ids.fb = await named(t, user.id, 'facebook', 'bakery_fb', 'Bakery Page');
    ids.insta = await named(t, user.id, 'instagram', 'bakery_insta');
    ids.tiktok = await named(t, user.id, 'tiktok', 'bakery_tok');
  });
  afterEach(() => t.close());

  async function send(body: Record<string, unknown>, query = '', who = user) {
    const res = await t.request(`/api/posts/import${query}`, {
      method: 'POST',
      headers: who.headers,
      json: body,
    });
    return { status: res.status, body: await res.json() };
  }
  async function counts() {
    const posts = await t.deps.db.selectFrom('scheduledPosts').select('id').execute();
    const groups = await t.deps.db.selectFrom('postGroups').select('id').execute();
    const media = await t.deps.db.selectFrom('media').select('id').execute();
    return { posts: posts.length, groups: groups.length, media: media.length };
  }
  const messages = (result: ImportResult, row: number) =>
    result.rows[row - 1]!.problems.map((p) => p.message);

  it('reads a BOM, `;` separators, CRLF, quoted newlines and commas, and keeps formulas as text', async () => {
    const csv =
      '\uFEFFText;Accounts;Time;media_urls;link\r\n' +
      '"Line one\r\nline two; with a semicolon, and a comma";@bakery_x;2027-05-01 09:00;;\r\n' +
      '"=HYPERLINK(""https://evil.example"")";Bakery Page;2027-05-01 10:00;;\r\n' +
      '\r\n';
    const res = await send({ csv, dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body as ImportResult;
    expect(result.rows).toHaveLength(2);
    expect(result.rows[0]!.cells.text).toBe('Line one\r\nline two; with a semicolon, and a comma');
    expect(result.rows[0]!.targets.map((target) => target.accountId)).toEqual([ids.x]);
    expect(result.rows[1]!.cells.text).toBe('=HYPERLINK("https://evil.example")');
    expect(result.rows[1]!.targets[0]!.content).toBe('=HYPERLINK("https://evil.example")');
    // 09:00 in Berlin on summer time is 07:00 UTC.
    expect(result.rows[0]!.targets[0]!.scheduledAt).toBe('2027-05-01T07:00:00.000Z');
    expect(result.counts).toEqual({ rows: 2, validRows: 2, invalidRows: 0, posts: 2 });
    expect(await counts()).toEqual({ posts: 0, groups: 0, media: 0 });
  });

  it('refuses 1,001 rows with a clear message, as a file and as JSON rows', async () => {
    const lines = Array.from({ length: 1001 }, (_, i) => `Post ${i},@bakery_x,,,`);
    const file = await send({
      csv: ['text,accounts,time,media_urls,link', ...lines].join('\n'),
      dryRun: true,
    });
    expect(file.status).toBe(400);
    expect(file.body.message).toBe(
      'A file can hold at most 1,000 posts; this one has 1,001. Split it into several files.',
    );
    const rows = await send({ rows: lines.map((_, i) => ({ text: `Post ${i}`, accounts: '@bakery_x' })) });
    expect(rows.status).toBe(400);
    expect(rows.body.message).toBe(file.body.message);
    const broken = await send({ csv: 'text,accounts\n"never closed,@bakery_x\n', dryRun: true });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Row 1 could not be read: a quoted cell is not closed.');
    const wide = await send({ csv: 'text,accounts\nHello,@bakery_x\nOne, two,@bakery_x\n', dryRun: true });
    expect(wide.body.message).toBe(
      'Row 2 could not be read: it has more cells than the header (put a cell with a comma between double quotes).',
    );
  });

  it("answers each problem in its cell with the composer's messages, saving nothing on a dry run", async () => {
    await send({ rows: [{ text: 'Already planned', accounts: 'bakery_x', time: '2027-05-01T12:00:00Z' }] });
    expect((await counts()).posts).toBe(1);
    const other = await createUser(t);
    await named(t, other.id, 'twitter', 'someone_else');
    const res = await send(
      {
        rows: [
          { text: 'x'.repeat(281), accounts: '@bakery_x', time: '2027-05-02 09:00' },
          { text: 'No picture', accounts: 'bakery_insta', time: '2027-05-02 09:00' },
          { text: 'Caption only', accounts: 'bakery_tok', time: '2027-05-02 09:00' },
          {
            text: 'A document',
            accounts: 'bakery_x',
            time: '2027-05-02 09:00',
            media_urls: 'https://a.example/menu.pdf',
          },
          { text: 'Too late', accounts: 'Bakery Page', time: '2020-01-01 09:00' },
          { text: 'Whose?', accounts: 'someone_else;nobody', time: '2027-05-02 09:00' },
          { text: 'Twice', accounts: 'Bakery Page', time: '2027-05-03 09:00' },
          { text: 'Twice', accounts: 'Bakery Page', time: '2027-05-04 09:00' },
          { text: 'Already planned', accounts: '@bakery_x', time: '2027-05-01T20:00:00Z' },
          { text: 'When?', accounts: 'Bakery Page', time: 'next Tuesday' },
          { text: 'Link', accounts: 'Bakery Page', time: '2027-05-02 09:00', link: 'ftp://example.com' },
          { text: '', accounts: 'Bakery Page', time: '2027-05-02 09:00' },
        ],
      },
      '?dryRun=true',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body as ImportResult;
    expect(result.dryRun).toBe(true);
    expect(result.rows[0]!.problems).toEqual([
      { field: 'text', accountId: ids.x, message: 'Your tweet is too long' },
    ]);
    expect(messages(result, 2)).toEqual([MEDIA_MESSAGES.instagramNeedsMedia]);
    expect(messages(result, 3)).toEqual(['At least one media file is required']);
    expect(result.rows[3]!.problems.map((p) => p.field)).toEqual(['media_urls']);
    expect(messages(result, 5)).toEqual([POST_MESSAGES.scheduleInPast]);
    expect(messages(result, 6)).toEqual([
      'Unknown account "someone_else": connect it first or check the spelling.',
      'Unknown account "nobody": connect it first or check the spelling.',
    ]);
    expect(messages(result, 7)).toEqual([]);
    expect(messages(result, 8)).toEqual(['Row 7 has the same post for this account.']);
    expect(messages(result, 9)).toEqual([duplicateTextWarning('X', 'May 1, 2027 14:00')]);
    expect(result.rows[9]!.problems).toEqual([
      { field: 'time', accountId: null, message: 'Please enter a valid date and time.' },
    ]);
    expect(result.rows[10]!.problems.map((p) => p.field)).toEqual(['link']);
    expect(messages(result, 12)).toEqual(['At least content or a media file is required']);
    expect(result.counts).toMatchObject({ rows: 12, validRows: 1, invalidRows: 11 });
    expect((await counts()).posts).toBe(1);
  });

  it('refuses the whole import when a row has a problem, and saves nothing', async () => {
    const res = await send({
      rows: [
        { text: 'Fine', accounts: '@bakery_x;Bakery Page', time: '2027-05-02 09:00' },
        { text: 'Nobody', accounts: 'nobody', time: '2027-05-02 09:00' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('1 row has problems: nothing was imported. Fix or drop it and try again.');
    expect(res.body.details.result.rows[1].problems[0].field).toBe('accounts');
    expect(await counts()).toEqual({ posts: 0, groups: 0, media: 0 });
  });

  it('saves all rows in one transaction or none when a write fails midway', async () => {
    await addFault(t.deps.db, {
      name: 'refuse_tiktok',
      table: 'scheduled_posts',
      on: 'INSERT',
      when: `NEW.social_account_id = '${ids.fb}' AND NEW.content = 'Third'`,
      message: 'disk full',
    });
    const rows = ['First', 'Second', 'Third'].map((text) => ({
      text,
      accounts: '@bakery_x;Bakery Page',
      time: '2027-05-02 09:00',
      media_urls: `${site}/cake.png`,
    }));
    const res = await send({ rows });
    expect(res.status).toBe(500);
    expect(await counts()).toEqual({ posts: 0, groups: 0, media: 0 });
  });

  it('fetches media once through the media-from-URL guard and saves groups as the composer does', async () => {
    const rows = ['First', 'Second'].map((text) => ({
      text,
      accounts: '@bakery_x;Bakery Page;bakery_insta',
      time: '2027-05-02 09:00',
      media_urls: `${site}/cake.png`,
      link: 'https://example.com/menu',
    }));
    const res = await send({ rows });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.saved).toEqual({ groups: 2, posts: 6, queueItems: 0, media: 1 });
    expect(res.body.message).toBe('6 posts imported.');
    const posts = await t.deps.db.selectFrom('scheduledPosts').selectAll().orderBy('content').execute();
    expect(posts.map((post) => post.content)).toContain('First\n\nhttps://example.com/menu');
    expect(new Set(posts.map((post) => post.groupId)).size).toBe(2);
    const links = await t.deps.db.selectFrom('postMedia').selectAll().execute();
    expect(links).toHaveLength(6);
  });

  it('refuses a media address on a private network when private addresses are not allowed', async () => {
    const strict = await createTestApp();
    try {
      const owner = await createUser(strict);
      await named(strict, owner.id, 'facebook', 'page');
      const res = await strict.request('/api/posts/import', {
        method: 'POST',
        headers: owner.headers,
        json: {
          rows: [
            { text: 'Cake', accounts: 'page', time: '2027-05-02 09:00', media_urls: `${site}/cake.png` },
          ],
        },
      });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.details.result.rows[0].problems).toEqual([
        {
          field: 'media_urls',
          accountId: null,
          message: 'This address points to a private or local network and cannot be fetched.',
        },
      ]);
      expect((await strict.deps.db.selectFrom('scheduledPosts').select('id').execute()).length).toBe(0);
    } finally {
      await strict.close();
    }
  });

  it("refuses another user's accounts as unknown and another user's queue as not found", async () => {
    const other = await createUser(t);
    const created = await t.request('/api/queues', {
      method: 'POST',
      headers: other.headers,
      json: { name: 'Theirs' },
    });
    const body = await created.json();
    const queueId = body.queue?.id ?? body.id;
    expect(queueId).toEqual(expect.any(String));
    const res = await send(
      { rows: [{ text: 'Hi', accounts: 'bakery_x' }], mode: 'queue', queueId },
      '',
      user,
    );
    expect(res.status).toBe(404);
    const mine = await send({ rows: [{ text: 'Hi', accounts: 'bakery_x' }], dryRun: true }, '', other);
    expect(mine.body.rows[0].problems[0].message).toBe(
      'Unknown account "bakery_x": connect it first or check the spelling.',
    );
  });

  describe('scheduling modes across the spring daylight-saving change in Berlin (March 28, 2027)', () => {
    const rows = (count: number, accounts = '@bakery_x') =>
      Array.from({ length: count }, (_, i) => ({ text: `Day ${i + 1}`, accounts }));

    it('keeps each row’s local time, an hour apart in UTC either side of the change', async () => {
      const res = await send({
        rows: [
          { text: 'Saturday', accounts: 'bakery_x', time: '2027-03-27 09:00' },
          { text: 'Sunday', accounts: 'bakery_x', time: 'Mar 28, 2027 9:00 AM' },
          { text: 'Skipped hour', accounts: 'bakery_x', time: '2027-03-28T02:30' },
          { text: 'Offset given', accounts: 'bakery_x', time: '2027-03-29T09:00:00+02:00' },
        ],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const at = (res.body as ImportResult).rows.map((row) => row.targets[0]!.scheduledAt);
      expect(at).toEqual([
        '2027-03-27T08:00:00.000Z',
        '2027-03-28T07:00:00.000Z',
        '2027-03-28T01:30:00.000Z',
        '2027-03-29T07:00:00.000Z',
      ]);
    });

    it('spreads rows evenly on the wall clock: every day at 09:00 Berlin time', async () => {
      const res = await send({
        rows: rows(5),
        mode: 'spread',
        spreadFrom: '2027-03-26T09:00',
        spreadTo: '2027-03-30T09:00',
        dryRun: true,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body as ImportResult).rows.map((row) => row.targets[0]!.scheduledAt)).toEqual([
        '2027-03-26T08:00:00.000Z',
        '2027-03-27T08:00:00.000Z',
        '2027-03-28T07:00:00.000Z',
        '2027-03-29T07:00:00.000Z',
        '2027-03-30T07:00:00.000Z',
      ]);
    });

    it('fills each account’s posting-schedule slots in row order, as Add to queue does', async () => {
      const now = Date.parse('2027-03-27T10:00:00Z');
      // An X post already holds Saturday's 14:00 slot.
      await importPosts(
        t.deps,
        user.id,
        {
          rows: [{ text: 'Held', accounts: 'bakery_x', time: '2027-03-27 14:00' }],
          mode: 'keep',
          dryRun: false,
        },
        { now },
      );
      const result = await importPosts(
        t.deps,
        user.id,
        { rows: rows(3, '@bakery_x;Bakery Page'), mode: 'slots', dryRun: false },
        { now },
      );
      const at = result.rows.map((row) => row.targets.map((target) => target.scheduledAt));
      // Default posting times 09:00 and 14:00 daily; Sunday is on summer time (UTC+2).
      expect(at).toEqual([
        ['2027-03-28T07:00:00.000Z', '2027-03-27T13:00:00.000Z'],
        ['2027-03-28T12:00:00.000Z', '2027-03-28T07:00:00.000Z'],
        ['2027-03-29T07:00:00.000Z', '2027-03-28T12:00:00.000Z'],
      ]);
      const saved = await t.deps.db
        .selectFrom('scheduledPosts')
        .select(['scheduledAt', 'socialAccountId'])
        .where('socialAccountId', '=', ids.fb)
        .orderBy('scheduledAt')
        .execute();
      expect(saved.map((post) => new Date(post.scheduledAt!).toISOString())).toEqual(
        at.map((times) => times[1]),
      );
    });

    it('adds every row to a chosen queue, one item per account', async () => {
      const created = await t.request('/api/queues', {
        method: 'POST',
        headers: user.headers,
        json: { name: 'Tips' },
      });
      const body = await created.json();
      const queueId = body.queue?.id ?? body.id;
      const res = await send({ rows: rows(3, '@bakery_x;Bakery Page'), mode: 'queue', queueId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.saved).toMatchObject({ queueItems: 6, posts: 0 });
      const items = await t.deps.db
        .selectFrom('queueItems')
        .select(['content', 'position'])
        .orderBy('position')
        .execute();
      expect(items.map((item) => item.content)).toEqual([
        'Day 1',
        'Day 1',
        'Day 2',
        'Day 2',
        'Day 3',
        'Day 3',
      ]);
    });
  });
});
