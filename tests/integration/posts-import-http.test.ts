import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportResult } from '../../shared/posts/import.js';
import { openLiveStream } from '../support/live-stream.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser, pngBytes } from './posts-support.js';

// The import over real HTTP: the CSV file itself as a text/csv body, and what the user's open
// tabs hear on the live stream (GET /api/events) while and after an import runs.

/** Each image answers after this long, so every step of the media fetch is a step of its own. */
const IMAGE_DELAY_MS = 300;

let png: Buffer;
let images: http.Server;
let site: string;
beforeAll(async () => {
  png = await pngBytes();
  images = http.createServer((req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), IMAGE_DELAY_MS);
    req.resume();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => images.close(() => resolve())));

let t: TestApp;
let server: ServerType;
let base: string;
let user: PostsUser;

beforeEach(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_MEDIA_URLS: 'on' });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  user = await createUser(t, { timezone: 'Europe/Berlin' });
  for (const [platform, handle] of [
    ['twitter', 'bakery_x'],
    ['facebook', 'bakery_fb'],
  ] as const) {
    const id = await createAccount(t, user.id, platform);
    await t.deps.db
      .updateTable('socialAccounts')
      .set({ accountHandle: handle })
      .where('id', '=', id)
      .execute();
  }
});
afterEach(async () => {
  (server as http.Server).closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const CSV = [
  'text,accounts,time,media_urls,link',
  '"Spring menu, with cakes",@bakery_x;@bakery_fb,2027-05-01 09:00,,',
  'Opening hours,@bakery_fb,2027-05-02 09:00,,',
].join('\r\n');

function importCsv(body: BodyInit, query = '', contentType = 'text/csv', who = user) {
  return fetch(`${base}/api/posts/import${query}`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': contentType },
    body,
  });
}

async function postCount() {
  return (await t.deps.db.selectFrom('scheduledPosts').select('id').execute()).length;
}

describe('POST /api/posts/import with the CSV file as a text/csv body', () => {
  it('checks the file on a dry run and saves nothing', async () => {
    const res = await importCsv(`\uFEFF${CSV}`, '?dryRun=true');
    expect(res.status).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result.dryRun).toBe(true);
    expect(result.counts).toEqual({ rows: 2, validRows: 2, invalidRows: 0, posts: 3 });
    expect(result.rows[0]!.cells.text).toBe('Spring menu, with cakes');
    expect(await postCount()).toBe(0);
  });

  it('imports with the options from the query: spread evenly on the wall clock', async () => {
    const res = await importCsv(
      CSV,
      '?mode=spread&spreadFrom=2027-03-27T09:00&spreadTo=2027-03-28T09:00',
      'text/csv; charset=utf-8',
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const result = (await res.json()) as ImportResult;
    expect(result.message).toBe('3 posts imported.');
    // 09:00 in Berlin either side of the spring change.
    expect(result.rows.map((row) => row.targets[0]!.scheduledAt)).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
    ]);
    expect(await postCount()).toBe(3);
  });

  it('answers 400 with a clear message for bad options, naming the option', async () => {
    const cases: Array<[string, string, string]> = [
      ['?mode=sideways', 'mode', 'mode must be keep, slots, spread or queue.'],
      ['?dryRun=maybe', 'dryRun', 'dryRun must be true or false.'],
      [
        '?mode=spread',
        'spreadFrom',
        'Choose a start and an end time for spreading, the end after the start.',
      ],
      ['?mode=queue', 'queueId', 'Choose the queue to add the posts to.'],
      ['?progressId=a%20b', 'progressId', 'progressId must be 8 to 64 letters, digits, "-" or "_".'],
    ];
    for (const [query, field, message] of cases) {
      const res = await importCsv(CSV, query);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_error', field, message });
    }
    expect(await postCount()).toBe(0);
  });

  it('refuses options in the query of a JSON body rather than ignore them', async () => {
    const res = await importCsv(JSON.stringify({ csv: CSV }), '?mode=slots', 'application/json');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      field: 'mode',
      message: 'With a JSON body, send mode in the body; only dryRun and progressId are read from the query.',
    });
    const dry = await importCsv(JSON.stringify({ csv: CSV }), '?dryRun=1', 'application/json');
    expect(((await dry.json()) as ImportResult).dryRun).toBe(true);
  });

  it('answers 415 for any other body type, and for a CSV that is not UTF-8', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await importCsv(CSV, '', type);
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({
        code: 'unsupported_media_type',
        message:
          'Send the import as JSON (Content-Type: application/json) or as the CSV file itself (Content-Type: text/csv).',
      });
    }
    const latin = await importCsv(CSV, '', 'text/csv; charset=windows-1252');
    expect(latin.status).toBe(415);
    expect((await latin.json()).message).toBe(
      'Send the CSV as UTF-8 text (Content-Type: text/csv; charset=utf-8).',
    );
  });

  it('refuses a file past the import limits: 4 million characters, then the 8 MB body limit', async () => {
    const long = `${CSV}\r\n"${'x'.repeat(4_000_000)}",@bakery_x,,,`;
    const tooLong = await importCsv(long, '?dryRun=true');
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({
      field: 'csv',
      message: 'The file can hold at most 4 million characters. Split it into several files.',
    });
    const huge = await importCsv(`${CSV}\r\n"${'x'.repeat(9 * 1024 * 1024)}",@bakery_x,,,`, '?dryRun=true');
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe('payload_too_large');
  });

  it('describes both bodies and the query options in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, { post: { requestBody: { content: object }; parameters: { name: string }[] } }>;
    };
    const operation = doc.paths['/api/posts/import']!.post;
    expect(Object.keys(operation.requestBody.content).sort()).toEqual(['application/json', 'text/csv']);
    expect(operation.parameters.map((parameter) => parameter.name).sort()).toEqual(
      ['dryRun', 'mode', 'progressId', 'queueId', 'spreadFrom', 'spreadTo'].sort(),
    );
  });
});

/** The user's live stream on the test app's server. */
function liveEvents(who: PostsUser) {
  return openLiveStream(base, who.headers);
}

describe('what open tabs hear of an import', () => {
  it('reports the media fetch step by step, then the save, to the importing user only', async () => {
    const other = await createUser(t);
    const mine = await liveEvents(user);
    const theirs = await liveEvents(other);
    const rows = [1, 2, 3].map((n) => ({
      text: `Cake ${n}`,
      accounts: '@bakery_x;@bakery_fb',
      time: '2027-05-02 09:00',
      media_urls: `${site}/cake-${n}.png`,
    }));
    const res = await fetch(`${base}/api/posts/import`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ rows, progressId: 'tab-42-import' }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const seen = await mine.until((events) => events.some((event) => event.type === 'posts.changed'));
    expect(seen.filter((event) => event.type === 'import.progress')).toEqual(
      [
        ['media', 0, 3],
        ['media', 1, 3],
        ['media', 2, 3],
        ['media', 3, 3],
        ['saving', 0, 6],
      ].map(([phase, done, total]) => ({
        type: 'import.progress',
        progressId: 'tab-42-import',
        phase,
        done,
        total,
      })),
    );
    expect(await theirs.until(() => false, 300)).toEqual([]);
    await mine.close();
    await theirs.close();
  });

  it('tells open tabs of a 300-row import in one posts.changed event, not one event per post', async () => {
    const stream = await liveEvents(user);
    const csv = [
      'text,accounts,time,media_urls,link',
      ...Array.from({ length: 300 }, (_, i) => `Tip ${i + 1},@bakery_x;@bakery_fb,,,`),
    ].join('\n');
    const res = await importCsv(csv, '?mode=slots');
    expect(res.status, await res.clone().text()).toBe(200);
    await stream.until((events) => events.some((event) => event.type === 'posts.changed'));
    // A moment later, still that one event and nothing else.
    expect(await stream.until(() => false, 300)).toEqual([
      { type: 'posts.changed', reason: 'import', posts: 600, queueItems: 0 },
    ]);
    await stream.close();
  });

  it('sends nothing on a dry run, and no progress without a progressId', async () => {
    const stream = await liveEvents(user);
    expect((await importCsv(CSV, '?dryRun=true')).status).toBe(200);
    expect((await importCsv(CSV)).status).toBe(200);
    const seen = await stream.until((events) => events.some((event) => event.type === 'posts.changed'));
    expect(seen.map((event) => event.type)).toEqual(['posts.changed']);
    await stream.close();
  });
});
