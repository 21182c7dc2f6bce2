import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { PostDto } from '../../shared/posts/api.js';
import type { ListPostsResult } from '../../shared/posts/post-list.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser, pngBytes, upload } from './posts-support.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const FOUR: PlatformId[] = ['twitter', 'facebook', 'facebook', 'instagram'];

describe('post lists with post groups', () => {
  let t: TestApp;
  let user: PostsUser;
  let accounts: string[];
  let tick = 0;

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
    accounts = [];
    for (const platform of FOUR) accounts.push(await createAccount(t, user.id, platform));
    tick = 0;
  });
  afterEach(() => t.close());

  async function list(query: string, who = user): Promise<ListPostsResult> {
    const res = await t.request(`/api/posts?${query}`, { headers: who.headers });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${res.status} ${body.message}`);
    return body;
  }

  /** Creation times one minute apart, in call order, so the newest-first order is known. */
  async function stamp(ids: string[]) {
    tick += 1;
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ createdAt: Date.now() - 1000 * MINUTE + tick * MINUTE })
      .where('id', 'in', ids)
      .execute();
  }

  async function lonePost(content: string, accountId = accounts[0]!) {
    const res = await t.request('/api/posts', {
      method: 'POST',
      headers: user.headers,
      json: {
        socialAccountId: accountId,
        content,
        action: 'schedule',
        scheduledAt: new Date(Date.now() + HOUR).toISOString(),
      },
    });
    const { post } = (await res.json()) as { post: PostDto };
    await stamp([post.id]);
    return post.id;
  }

  async function group(content: string, accountIds = accounts, who = user) {
    // Instagram needs a photo.
    const photo = await upload(t, who, { name: 'photo.png', head: await pngBytes() });
    const res = await t.request('/api/post-groups', {
      method: 'POST',
      headers: who.headers,
      json: {
        accountIds,
        shared: { content, media: [photo.id] },
        action: 'schedule',
        scheduledAt: new Date(Date.now() + 2 * HOUR).toISOString(),
      },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(201);
    const ids = (body.group.posts as PostDto[]).map((post) => post.id);
    await stamp(ids);
    return { id: body.group.id as string, postIds: ids };
  }

  async function settle(postIds: string[], status: 'posted' | 'failed', errorMessage: string | null = null) {
    await t.deps.db
      .updateTable('scheduledPosts')
      .set({
        status,
        postedAt: status === 'posted' ? Date.now() - MINUTE : null,
        scheduledAt: Date.now() - 2 * MINUTE,
        platformPostUrl: status === 'posted' ? 'https://example.com/p' : null,
        errorMessage,
      })
      .where('id', 'in', postIds)
      .execute();
  }

  it('lists a group as one entry with every account’s post, and never splits it across pages', async () => {
    for (let i = 0; i < 3; i += 1) await lonePost(`older ${i}`);
    const launch = await group('Launch everywhere');
    for (let i = 0; i < 8; i += 1) await lonePost(`newer ${i}`);

    const first = await list('view=upcoming&page=1');
    // 11 lone posts and one group of four: 12 entries, not 15 posts.
    expect(first).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(first.entries).toHaveLength(10);
    const entry = first.entries[8]!;
    expect(entry.group).toMatchObject({ id: launch.id, shared: { content: 'Launch everywhere' } });
    expect(entry.posts.map((post) => post.platform)).toEqual(FOUR);
    expect(entry.posts.map((post) => post.socialAccountId).sort()).toEqual([...accounts].sort());
    expect(first.entries.slice(0, 8).every((item) => item.group === null && item.posts.length === 1)).toBe(
      true,
    );
    expect(first.entries[9]!.posts[0]!.content).toBe('older 2');
    // The flat list keeps every post of the page, as before groups.
    expect(first.posts).toHaveLength(13);
    expect(first.posts.filter((post) => post.groupId === launch.id)).toHaveLength(4);

    const second = await list('view=upcoming&page=2');
    expect(second.entries.map((item) => item.posts[0]!.content)).toEqual(['older 1', 'older 0']);
    expect(second.posts.some((post) => post.groupId === launch.id)).toBe(false);

    const oldest = await list('view=upcoming&sort=oldest');
    expect(oldest.entries[3]!.group?.id).toBe(launch.id);
  });

  it('shows a group under an account filter when one of its posts is that account’s, with all its posts', async () => {
    const other = await createAccount(t, user.id, 'linkedin');
    const launch = await group('Four accounts');
    await lonePost('LinkedIn alone', other);

    const instagram = await list(`view=upcoming&accountId=${accounts[3]}`);
    expect(instagram.total).toBe(1);
    expect(instagram.entries[0]!.group?.id).toBe(launch.id);
    expect(instagram.entries[0]!.posts).toHaveLength(4);

    const linkedin = await list(`view=upcoming&accountId=${other}`);
    expect(linkedin.entries.map((item) => [item.group, item.posts[0]!.content])).toEqual([
      [null, 'LinkedIn alone'],
    ]);

    const facebook = await list('view=upcoming&platform=facebook');
    expect(facebook.entries.map((item) => item.group?.id ?? null)).toEqual([launch.id]);
  });

  it('lists a group with a failed account once among sent posts, each account with its own fate', async () => {
    const launch = await group('Out to four');
    const [x, pageOne, pageTwo, instagram] = launch.postIds as [string, string, string, string];
    await settle([x, pageOne, instagram], 'posted');
    await settle([pageTwo], 'failed', '(#200) Permissions error');

    const sent = await list('view=sent');
    expect(sent.total).toBe(1);
    const entry = sent.entries[0]!;
    expect(entry.group?.id).toBe(launch.id);
    const fate = Object.fromEntries(entry.posts.map((post) => [post.id, [post.status, post.errorMessage]]));
    expect(fate).toEqual({
      [x]: ['posted', null],
      [pageOne]: ['posted', null],
      [pageTwo]: ['failed', '(#200) Permissions error'],
      [instagram]: ['posted', null],
    });

    const failed = await list('view=sent&status=failed');
    expect(failed.total).toBe(1);
    expect(failed.entries[0]!.posts).toHaveLength(4);
    expect((await list('view=upcoming')).total).toBe(0);
  });

  it("never lists another user's group, and refuses a filter by another user's account", async () => {
    const stranger = await createUser(t);
    const theirs = await createAccount(t, stranger.id, 'twitter');
    const launch = await group('Only mine');
    const foreign = await group('Only theirs', [theirs], stranger);

    const mine = await list('view=upcoming');
    expect(mine.entries.map((item) => item.group?.id)).toEqual([launch.id]);
    const strangers = await list('view=upcoming', stranger);
    expect(strangers.entries.map((item) => item.group?.id)).toEqual([foreign.id]);
    expect(strangers.posts.some((post) => post.groupId === launch.id)).toBe(false);

    const filtered = await t.request(`/api/posts?view=upcoming&accountId=${accounts[0]}`, {
      headers: stranger.headers,
    });
    expect(filtered.status).toBe(404);
    const read = await t.request(`/api/post-groups/${launch.id}`, { headers: stranger.headers });
    expect(read.status).toBe(404);
  });

  it('describes the entries of the list in the OpenAPI document', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    const operation = doc.paths['/api/posts'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404']));
    const schema = operation.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['entries', 'posts', 'total', 'page', 'pageSize']),
    );
    expect(Object.keys(schema.properties.entries.items.properties)).toEqual(['group', 'posts']);
    expect(operation.security).toEqual([{ cookie: [] }, { bearer: ['posts:read'] }]);
  });
});
