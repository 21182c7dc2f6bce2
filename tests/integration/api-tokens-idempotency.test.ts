import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPruneJob } from '../../server/maintenance/prune.job.js';
import { createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { bearer, createToken, WEB_ORIGIN } from './api-tokens-support.js';
import { createAccount, pngBytes } from './posts-support.js';

let t: TestApp;
let user: InProcessUser;
let token: string;
let accountId: string;
beforeEach(async () => {
  t = await createTestApp();
  user = await createSignedInUser(t);
  token = (await createToken(t, user.cookie, ['posts:write', 'posts:read', 'media:write'])).token;
  accountId = await createAccount(t, user.id, 'linkedin');
});
afterEach(() => t.close());

function createDraft(key: string, content: string, headers: Record<string, string> = bearer(token)) {
  return t.request('/api/posts', {
    method: 'POST',
    headers: { ...headers, 'idempotency-key': key },
    json: { socialAccountId: accountId, content, action: 'draft' },
  });
}

async function postCount(): Promise<number> {
  const rows = await t.deps.db
    .selectFrom('scheduledPosts')
    .select('id')
    .where('userId', '=', user.id)
    .execute();
  return rows.length;
}

describe('Idempotency-Key', () => {
  it('answers a repeat with the first answer and creates nothing new', async () => {
    const first = await createDraft('key-1', 'hello');
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await createDraft('key-1', 'hello');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    expect(await postCount()).toBe(1);
  });

  it('answers 422 to the same key with a different body, and creates nothing', async () => {
    expect((await createDraft('key-2', 'hello')).status).toBe(201);
    const other = await createDraft('key-2', 'something else');
    expect(other.status).toBe(422);
    const body = (await other.json()) as { code: string; message: string };
    expect(body.code).toBe('idempotency_key_reused');
    expect(body.message).toMatch(/already used with a different request/);
    expect(await postCount()).toBe(1);
  });

  it('answers 422 to the same key on another operation', async () => {
    expect((await createDraft('key-3', 'hello')).status).toBe(201);
    const res = await t.request('/api/post-groups', {
      method: 'POST',
      headers: { ...bearer(token), 'idempotency-key': 'key-3' },
      json: {},
    });
    expect(res.status).toBe(422);
  });

  it('creates one post from concurrent requests with one key; the others wait their turn with 409', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => createDraft('key-4', 'together')));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const created = answers.filter((res) => res.status === 201 && !res.headers.get('idempotent-replayed'));
    expect(created).toHaveLength(1);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(((await res.json()) as { code: string }).code).toBe('idempotency_key_in_use');
    }
    expect(await postCount()).toBe(1);
    // Once the first finished, a retry gets its answer.
    const retry = await createDraft('key-4', 'together');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('keeps nothing for a refused request: the key can be used again once the body is fixed', async () => {
    const bad = await t.request('/api/posts', {
      method: 'POST',
      headers: { ...bearer(token), 'idempotency-key': 'key-5' },
      json: { socialAccountId: accountId, content: 'x', action: 'no-such-action' },
    });
    expect(bad.status).toBe(400);
    expect((await createDraft('key-5', 'fixed')).status).toBe(201);
    expect(await postCount()).toBe(1);
  });

  it('keeps keys per caller: another token, or the web app, with the same key is a new request', async () => {
    expect((await createDraft('shared-key', 'one')).status).toBe(201);
    const other = (await createToken(t, user.cookie, ['posts:write'])).token;
    expect(
      (await createDraft('shared-key', 'one', bearer(other))).headers.get('idempotent-replayed'),
    ).toBeNull();
    const web = { cookie: user.cookie, origin: WEB_ORIGIN };
    expect((await createDraft('shared-key', 'one', web)).status).toBe(201);
    const webAgain = await createDraft('shared-key', 'one', web);
    expect(webAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(await postCount()).toBe(3);
  });

  it('refuses a malformed key with a clear message', async () => {
    const res = await createDraft('x'.repeat(256), 'hello');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/Idempotency-Key/);
    expect(await postCount()).toBe(0);
  });

  it('replays a media upload retried with a new multipart boundary, and refuses another file', async () => {
    const png = await pngBytes();
    const send = (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'photo.png');
      return t.request('/api/media', {
        method: 'POST',
        headers: { ...bearer(token), 'idempotency-key': 'upload-1' },
        body: form,
      });
    };
    const first = await send(png);
    expect(first.status).toBe(201);
    const again = await send(png);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect((await send(await pngBytes(16, 16))).status).toBe(422);
    const media = await t.deps.db.selectFrom('media').select('id').where('userId', '=', user.id).execute();
    expect(media).toHaveLength(1);
  });

  it('forgets keys after 24 hours (the hourly prune), so the key creates anew', async () => {
    expect((await createDraft('key-6', 'hello')).status).toBe(201);
    const run = await runPruneJob(t.deps, Date.now() + 24 * 3_600_000 + 1);
    expect(run.idempotencyKeys).toBe(1);
    const fresh = await createDraft('key-6', 'hello');
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(await postCount()).toBe(2);
  });
});
