import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_EXAMPLES } from '../../server/http/api-guide.js';
import { API_SCOPES } from '../../shared/api-tokens/api-tokens.js';
import { createSignedInUser, type InProcessUser } from '../support/in-process-user.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createToken } from './api-tokens-support.js';
import { createAccount, pngBytes } from './posts-support.js';

const run = promisify(execFile);

let t: TestApp;
let server: ServerType;
let user: InProcessUser;
let env: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  user = await createSignedInUser(t);
  const { token } = await createToken(t, user.cookie, ['posts:read', 'posts:write', 'media:write']);
  env = {
    POSTLOOM_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    POSTLOOM_TOKEN: token,
    ACCOUNT_ID: await createAccount(t, user.id, 'linkedin'),
    OTHER_ACCOUNT_ID: await createAccount(t, user.id, 'threads'),
  };
  fs.writeFileSync(path.join(t.dataDir, 'photo.png'), await pngBytes());
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Runs an example as a reader would paste it into bash; answers what it printed, parsed. */
async function runExample(title: string): Promise<unknown> {
  const example = API_EXAMPLES.find((e) => e.title.startsWith(title));
  if (!example) throw new Error(`no example ${title}`);
  const { stdout } = await run('bash', ['-c', example.script], {
    cwd: t.dataDir,
    env: { ...process.env, ...env },
  });
  return JSON.parse(stdout);
}

describe('the API docs page', () => {
  it('shows how to authenticate, every scope, and each example as written', async () => {
    const res = await t.request('/api/docs');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Authorization: Bearer $POSTLOOM_TOKEN');
    for (const scope of API_SCOPES) expect(html).toContain(`<code>${scope}</code>`);
    const fromHtml = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    for (const example of API_EXAMPLES) expect(fromHtml(html)).toContain(example.script);
    expect(html).toContain('600 requests a minute');
  });

  it('example: creates one post for two accounts at once', async () => {
    const answer = (await runExample('Create one post for two accounts')) as {
      group: { posts: Array<{ socialAccountId: string; status: string }> };
    };
    expect(answer.group.posts.every((post) => post.status === 'scheduled')).toBe(true);
    expect(answer.group.posts.map((post) => post.socialAccountId).sort()).toEqual(
      [env.ACCOUNT_ID, env.OTHER_ACCOUNT_ID].sort(),
    );
    // Pasted twice (a retry), it creates nothing new thanks to its Idempotency-Key.
    await runExample('Create one post for two accounts');
    const rows = await t.deps.db
      .selectFrom('scheduledPosts')
      .select('id')
      .where('userId', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('example: uploads a photo and schedules a post with it', async () => {
    const answer = (await runExample('Upload a photo')) as {
      post: { id: string; status: string; media: Array<{ id: string }> };
    };
    expect(answer.post.status).toBe('scheduled');
    expect(answer.post.media).toHaveLength(1);
  });

  it('example: lists the failed posts', async () => {
    const post = await t.deps.db
      .selectFrom('scheduledPosts')
      .select('id')
      .where('userId', '=', user.id)
      .where('content', '=', 'Photo of the day')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ status: 'failed', errorMessage: 'The platform refused it' })
      .where('id', '=', post.id)
      .execute();
    const answer = (await runExample('List the posts that failed')) as {
      posts: Array<{ id: string; status: string; errorMessage: string }>;
    };
    expect(answer.posts).toEqual([
      expect.objectContaining({ id: post.id, status: 'failed', errorMessage: 'The platform refused it' }),
    ]);
  });
});
