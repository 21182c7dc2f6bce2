import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPruneJob } from '../../server/maintenance/prune.job.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser, pngBytes, upload } from './posts-support.js';

const DAY = 24 * 60 * 60_000;

describe('the hourly prune job and unused uploads', () => {
  let t: TestApp;
  let user: PostsUser;

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterEach(() => t.close());

  function storedFiles(): string[] {
    const dir = path.join(t.dataDir, 'media', user.id);
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  }

  async function json(res: Response | Promise<Response>, status: number) {
    const response = await res;
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(status);
    return body;
  }

  it('removes a file nothing has used for a day, and keeps files of posts, queue items and the composer', async () => {
    const head = await pngBytes();
    const abandoned = await upload(t, user, { name: 'abandoned.png', head, platform: 'twitter' });
    const inPost = await upload(t, user, { name: 'inpost.png', head, platform: 'twitter' });
    const inItem = await upload(t, user, { name: 'initem.png', head, platform: 'twitter' });
    const x = await createAccount(t, user.id, 'twitter');
    await json(
      t.request('/api/posts', {
        method: 'POST',
        headers: user.headers,
        json: { socialAccountId: x, content: 'A draft with a picture', media: [inPost.id], action: 'draft' },
      }),
      201,
    );
    const { queue } = await json(
      t.request('/api/queues', { method: 'POST', headers: user.headers, json: { name: 'Evergreen' } }),
      201,
    );
    await json(
      t.request(`/api/queues/${queue.id}/items`, {
        method: 'POST',
        headers: user.headers,
        json: { socialAccountId: x, content: 'An item with a picture', media: [inItem.id] },
      }),
      201,
    );
    // A day and a half from now all three are old; one more upload is still in an open composer.
    const later = Date.now() + 1.5 * DAY;
    await t.deps.db
      .updateTable('media')
      .set({ createdAt: later - 2 * DAY })
      .execute();
    const fresh = await upload(t, user, { name: 'fresh.png', head, platform: 'twitter' });
    await t.deps.db
      .updateTable('media')
      .set({ createdAt: later - 60 * 60_000 })
      .where('id', '=', fresh.id)
      .execute();

    const run = await runPruneJob(t.deps, later);
    expect(run.unusedMedia).toBe(1);
    const left = await t.deps.db.selectFrom('media').select('id').execute();
    expect(left.map((row) => row.id).sort()).toEqual([inPost.id, inItem.id, fresh.id].sort());
    expect(storedFiles()).toEqual(
      [`${inPost.id}-inpost.png`, `${inItem.id}-initem.png`, `${fresh.id}-fresh.png`].sort(),
    );
    expect((await t.request(abandoned.url, { headers: user.headers })).status).toBe(404);
    expect((await t.request(inPost.url, { headers: user.headers })).status).toBe(200);

    // A second pass finds nothing more to do.
    expect((await runPruneJob(t.deps, later)).unusedMedia).toBe(0);
  });

  it('forgets applied billing webhooks after 90 days, keeping recent ones for replay checks', async () => {
    const now = Date.now();
    await t.deps.db
      .insertInto('billingWebhookEvents')
      .values([
        {
          id: 'old',
          eventName: 'subscription_created',
          userId: null,
          outcome: 'applied',
          receivedAt: now - 91 * DAY,
        },
        {
          id: 'recent',
          eventName: 'subscription_updated',
          userId: null,
          outcome: 'applied',
          receivedAt: now - DAY,
        },
      ])
      .execute();
    const run = await runPruneJob(t.deps, now);
    expect(run.webhookEvents).toBe(1);
    const left = await t.deps.db.selectFrom('billingWebhookEvents').select('id').execute();
    expect(left.map((row) => row.id)).toEqual(['recent']);
  });
});
