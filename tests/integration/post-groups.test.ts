import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { PostDto } from '../../shared/posts/api.js';
import type { PostGroupResult } from '../../shared/posts/post-groups.js';
import { addFault } from '../support/database-faults.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser, pngBytes, upload } from './posts-support.js';

const HOUR = 3_600_000;
const SIX: PlatformId[] = ['twitter', 'facebook', 'facebook', 'instagram', 'linkedin', 'threads'];

describe('post groups API', () => {
  let t: TestApp;
  let user: PostsUser;
  let accounts: string[];

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
    accounts = [];
    for (const platform of SIX) accounts.push(await createAccount(t, user.id, platform));
  });
  afterEach(() => t.close());

  const inAnHour = () => new Date(Date.now() + HOUR).toISOString();

  async function send(method: string, path: string, body?: Record<string, unknown>, who = user) {
    const res = await t.request(path, { method, headers: who.headers, ...(body ? { json: body } : {}) });
    return { status: res.status, body: await res.json() };
  }

  async function image() {
    return upload(t, user, { name: 'photo.png', head: await pngBytes() });
  }

  async function countRows() {
    const posts = await t.deps.db.selectFrom('scheduledPosts').select('id').execute();
    const groups = await t.deps.db.selectFrom('postGroups').select('id').execute();
    return { posts: posts.length, groups: groups.length };
  }

  const byAccount = (result: PostGroupResult, accountId: string) =>
    result.group.posts.find((post) => post.socialAccountId === accountId) as PostDto;

  it('creates one post per account, in one request, each following the shared text', async () => {
    const media = await image();
    const res = await send('POST', '/api/post-groups', {
      accountIds: accounts,
      shared: { content: 'Launch day', media: [media.id], link: 'https://example.com/launch' },
      versions: [
        { platform: 'twitter', customized: true, tweets: [{ content: 'Thread 1' }, { content: 'Thread 2' }] },
        { platform: 'instagram', postType: 'story', customized: false },
        { accountId: accounts[2], customized: true, content: 'Only the second Page', media: [] },
      ],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const result = res.body as PostGroupResult;
    expect(result.group.posts).toHaveLength(6);
    expect(result.group.shared).toMatchObject({
      content: 'Launch day',
      media: [media.id],
      link: 'https://example.com/launch',
    });
    // The shared files themselves, so an editor can show them whatever the versions hold.
    expect(result.group.shared.files.map((file) => [file.id, file.mimeType])).toEqual([
      [media.id, media.mimeType],
    ]);
    for (const post of result.group.posts) {
      expect(post.groupId).toBe(result.group.id);
      expect(post.status).toBe('scheduled');
    }
    const x = byAccount(result, accounts[0]!);
    expect(x).toMatchObject({ customized: true, postType: 'thread', content: 'Thread 1' });
    expect(x.tweets?.map((tweet) => tweet.content)).toEqual(['Thread 1', 'Thread 2']);
    expect(byAccount(result, accounts[1]!)).toMatchObject({
      customized: false,
      content: 'Launch day\n\nhttps://example.com/launch',
    });
    expect(byAccount(result, accounts[1]!).media.map((m) => m.id)).toEqual([media.id]);
    expect(byAccount(result, accounts[2]!)).toMatchObject({
      customized: true,
      content: 'Only the second Page',
    });
    // A network's post type applies while the text still follows the shared one.
    expect(byAccount(result, accounts[3]!)).toMatchObject({ postType: 'story', customized: false });

    // Each post is an ordinary post: the list answers its group.
    const list = await send('GET', '/api/posts?view=upcoming');
    expect(list.body.posts.every((post: PostDto) => post.groupId === result.group.id)).toBe(true);
    const from = new Date(Date.now() - HOUR).toISOString();
    const to = new Date(Date.now() + 2 * HOUR).toISOString();
    const calendar = await send('GET', `/api/posts/calendar?from=${from}&to=${to}`);
    expect(calendar.body.posts.map((post: { groupId: string }) => post.groupId)).toEqual(
      Array(6).fill(result.group.id),
    );
    const read = await send('GET', `/api/post-groups/${result.group.id}`);
    expect(read.status).toBe(200);
    expect(read.body.group.posts).toHaveLength(6);
  });

  it('refuses every version with a problem before anything is saved, and lists each account', async () => {
    const res = await send('POST', '/api/post-groups', {
      accountIds: accounts,
      shared: { content: 'a'.repeat(300), media: [] },
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.message).toBe('Your tweet is too long');
    const problems = res.body.details.problems as { accountId: string; message: string }[];
    expect(problems.map((problem) => [problem.accountId, problem.message])).toEqual([
      [accounts[0], 'Your tweet is too long'],
      [accounts[3], 'Instagram posts require a photo or video.'],
    ]);
    expect(await countRows()).toEqual({ posts: 0, groups: 0 });
  });

  it('saves a draft with its problems and reports them', async () => {
    const res = await send('POST', '/api/post-groups', {
      accountIds: [accounts[0], accounts[3]],
      shared: { content: 'a'.repeat(300), media: [] },
      action: 'draft',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.group.posts.map((post: PostDto) => post.status)).toEqual(['draft', 'draft']);
    expect(res.body.problems.map((problem: { message: string }) => problem.message)).toEqual([
      'Your tweet is too long',
      'Instagram posts require a photo or video.',
    ]);
  });

  it('writes all six posts or none: a failing sixth insert rolls the whole group back', async () => {
    await addFault(t.deps.db, {
      name: 'refuse_sixth',
      table: 'scheduled_posts',
      on: 'INSERT',
      when: `NEW.social_account_id = '${accounts[5]}'`,
      message: 'refused',
    });
    const res = await send('POST', '/api/post-groups', {
      accountIds: accounts,
      shared: { content: 'All or nothing', media: [(await image()).id] },
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    expect(res.status).toBe(500);
    expect(await countRows()).toEqual({ posts: 0, groups: 0 });
  });

  it("refuses another user's accounts and groups as missing", async () => {
    const other = await createUser(t);
    const otherAccount = await createAccount(t, other.id, 'twitter');
    const foreign = await send('POST', '/api/post-groups', {
      accountIds: [accounts[1], otherAccount],
      shared: { content: 'Hello', media: [] },
      action: 'draft',
    });
    expect(foreign.status).toBe(404);
    expect(await countRows()).toEqual({ posts: 0, groups: 0 });

    const mine = await send('POST', '/api/post-groups', {
      accountIds: [accounts[1]],
      shared: { content: 'Mine', media: [] },
      action: 'draft',
    });
    const id = mine.body.group.id;
    for (const [method, body] of [
      ['GET'],
      ['PATCH', { shared: { content: 'Taken' } }],
      ['DELETE'],
    ] as const) {
      const res = await send(method, `/api/post-groups/${id}`, body, other);
      expect(res.status, method).toBe(404);
      expect(res.body.message).toBe('Post group not found');
    }
    expect((await send('GET', `/api/post-groups/${id}`)).body.group.shared.content).toBe('Mine');
  });

  it('gives each account its own next free posting time', async () => {
    const res = await send('POST', '/api/post-groups', {
      accountIds: [accounts[1], accounts[2]],
      shared: { content: 'Queued', media: [] },
      action: 'queue',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const post of res.body.group.posts as PostDto[]) {
      expect(post.status).toBe('scheduled');
      expect(Date.parse(post.scheduledAt!)).toBeGreaterThan(Date.now());
    }
  });

  it('edits the shared text of unsent, not customised versions only; a sent version is read-only', async () => {
    const created = await send('POST', '/api/post-groups', {
      accountIds: [accounts[0], accounts[1], accounts[2], accounts[4]],
      shared: { content: 'First text', media: [] },
      versions: [{ accountId: accounts[2], customized: true, content: 'My own text' }],
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    const result = created.body as PostGroupResult;
    const sent = byAccount(result, accounts[4]!);
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ status: 'posted', postedAt: Date.now() })
      .where('id', '=', sent.id)
      .execute();

    const edit = await send('PATCH', `/api/post-groups/${result.group.id}`, {
      shared: { content: 'Second text' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const edited = edit.body as PostGroupResult;
    expect(byAccount(edited, accounts[0]!).content).toBe('Second text');
    expect(byAccount(edited, accounts[1]!).content).toBe('Second text');
    expect(byAccount(edited, accounts[2]!).content).toBe('My own text');
    expect(byAccount(edited, accounts[4]!)).toMatchObject({ content: 'First text', status: 'posted' });
    expect(edited.group.shared.content).toBe('Second text');

    // Reset the customised Page: it follows the shared text again.
    const reset = await send('PATCH', `/api/post-groups/${result.group.id}`, {
      versions: [{ accountId: accounts[2], customized: false }],
    });
    expect(byAccount(reset.body, accounts[2]!)).toMatchObject({ content: 'Second text', customized: false });

    // The sent version cannot be changed.
    const refused = await send('PATCH', `/api/post-groups/${result.group.id}`, {
      versions: [{ accountId: accounts[4], customized: true, content: 'Too late' }],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This post has already been published and can no longer be edited.');

    // "All not yet sent" deletes the three unsent posts; the sent one and its group stay.
    const deleted = await send('DELETE', `/api/post-groups/${result.group.id}?scope=unsent`);
    expect(deleted.body).toEqual({
      deleted: 3,
      message: '3 posts and associated media deleted successfully!',
    });
    const after = await send('GET', `/api/post-groups/${result.group.id}`);
    expect(after.body.group.posts.map((post: PostDto) => post.id)).toEqual([sent.id]);
  });

  it('adds and removes accounts of a group and deletes one account only', async () => {
    const created = await send('POST', '/api/post-groups', {
      accountIds: [accounts[1], accounts[2]],
      shared: { content: 'Pages', media: [] },
      action: 'schedule',
      scheduledAt: inAnHour(),
    });
    const id = created.body.group.id;
    const edit = await send('PATCH', `/api/post-groups/${id}`, { accountIds: [accounts[1], accounts[4]] });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const posts = edit.body.group.posts as PostDto[];
    expect(posts.map((post) => post.socialAccountId).sort()).toEqual([accounts[1], accounts[4]].sort());
    expect(posts.every((post) => post.status === 'scheduled' && post.content === 'Pages')).toBe(true);

    // "This account only": DELETE /api/posts/:id; the group goes with its last post.
    for (const post of posts) expect((await send('DELETE', `/api/posts/${post.id}`)).status).toBe(200);
    expect(await countRows()).toEqual({ posts: 0, groups: 0 });
  });

  it('schedules a draft group once its problems are fixed', async () => {
    const draft = await send('POST', '/api/post-groups', {
      accountIds: [accounts[0], accounts[3]],
      shared: { content: 'Needs a photo', media: [] },
      action: 'draft',
    });
    const id = draft.body.group.id;
    const at = inAnHour();
    const refused = await send('PATCH', `/api/post-groups/${id}`, { action: 'schedule', scheduledAt: at });
    expect(refused.status).toBe(400);
    expect(refused.body.details.problems).toEqual([
      {
        accountId: accounts[3],
        platform: 'instagram',
        field: 'media',
        message: 'Instagram posts require a photo or video.',
      },
    ]);
    const media = await image();
    const fixed = await send('PATCH', `/api/post-groups/${id}`, {
      shared: { content: 'Needs a photo', media: [media.id] },
      action: 'schedule',
      scheduledAt: at,
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    for (const post of fixed.body.group.posts as PostDto[]) {
      expect(post).toMatchObject({ status: 'scheduled', scheduledAt: at, isDraft: false });
      expect(post.media.map((m) => m.id)).toEqual([media.id]);
    }
  });
});
