import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MediaDto, PostDto } from '../../shared/posts/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, mp4Bytes, type PostsUser, pngBytes, upload } from './posts-support.js';

const HOUR = 3_600_000;

describe('posts API', () => {
  let t: TestApp;
  let user: PostsUser;

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterEach(() => t.close());

  async function createPost(body: Record<string, unknown>, who: PostsUser = user) {
    return t.request('/api/posts', { method: 'POST', headers: who.headers, json: body });
  }

  async function created(body: Record<string, unknown>): Promise<PostDto> {
    const res = await createPost(body);
    const json = await res.json();
    if (res.status !== 201) throw new Error(`${res.status} ${json.message}`);
    return json.post;
  }

  it('saves a draft, a scheduled post and a post to publish now, with the account summary', async () => {
    const accountId = await createAccount(t, user.id, 'facebook');
    const when = new Date(Date.now() + 2 * HOUR).toISOString();
    const draft = await created({
      socialAccountId: accountId,
      content: 'draft',
      action: 'draft',
      scheduledAt: when,
    });
    expect(draft).toMatchObject({
      platform: 'facebook',
      status: 'draft',
      isDraft: true,
      scheduledAt: when,
      postType: 'normal',
      account: { id: accountId, platform: 'facebook', accountName: 'facebook account' },
    });
    const scheduled = await created({
      socialAccountId: accountId,
      content: 'later',
      action: 'schedule',
      scheduledAt: when,
    });
    expect(scheduled).toMatchObject({ status: 'scheduled', isDraft: false, scheduledAt: when });
    const before = Date.now();
    const now = await created({ socialAccountId: accountId, content: 'now', action: 'publish' });
    expect(now.status).toBe('scheduled');
    expect(Date.parse(now.scheduledAt!)).toBeGreaterThanOrEqual(before - 1000);

    const read = await t.request(`/api/posts/${draft.id}`, { headers: user.headers });
    expect((await read.json()).post.content).toBe('draft');
  });

  it('refuses a request body far larger than any post', async () => {
    const accountId = await createAccount(t, user.id, 'facebook');
    const res = await createPost({
      socialAccountId: accountId,
      content: 'x',
      metadata: { junk: 'a'.repeat(3 * 1024 * 1024) },
      action: 'draft',
    });
    expect(res.status).toBe(413);
  });

  it('refuses to schedule in the past, or without a time', async () => {
    const accountId = await createAccount(t, user.id, 'facebook');
    const past = await createPost({
      socialAccountId: accountId,
      content: 'x',
      action: 'schedule',
      scheduledAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({
      code: 'validation_error',
      field: 'scheduledAt',
      message: 'The scheduled time must be in the future.',
    });
    const missing = await createPost({ socialAccountId: accountId, content: 'x', action: 'schedule' });
    expect(missing.status).toBe(400);
  });

  it('stores an X thread with the first tweet as the content and thread as its type', async () => {
    const accountId = await createAccount(t, user.id, 'twitter');
    const image = await upload(t, user, { name: 'a.png', head: await pngBytes() });
    const post = await created({
      socialAccountId: accountId,
      action: 'draft',
      content: 'ignored',
      tweets: [
        { content: 'first', media: [image.id] },
        { content: 'second', media: [] },
        { content: 'third', media: [] },
      ],
    });
    expect(post.content).toBe('first');
    expect(post.postType).toBe('thread');
    expect(post.media.map((m: MediaDto) => m.id)).toEqual([image.id]);
    expect(post.tweets?.map((tw) => tw.content)).toEqual(['first', 'second', 'third']);
    const single = await created({ socialAccountId: accountId, action: 'draft', content: 'only one' });
    expect(single.postType).toBe('single');
    expect(single.tweets).toEqual([{ content: 'only one', media: [] }]);
  });

  it('refuses a 2,000-character LinkedIn caption with the spec message', async () => {
    const accountId = await createAccount(t, user.id, 'linkedin');
    const res = await createPost({ socialAccountId: accountId, content: 'a'.repeat(2000), action: 'draft' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'validation_error',
      field: 'content',
      message: 'Your caption is too long',
    });
  });

  describe('enforces every limit of spec 02 whatever the client sends', () => {
    let images: MediaDto[];
    let videos: MediaDto[];
    let bigImage: MediaDto;

    beforeEach(async () => {
      const png = await pngBytes();
      images = [];
      for (let i = 0; i < 13; i += 1) images.push(await upload(t, user, { name: `img${i}.png`, head: png }));
      videos = [
        await upload(t, user, { name: 'v1.mp4', head: mp4Bytes() }),
        await upload(t, user, { name: 'v2.mp4', head: mp4Bytes() }),
      ];
      // Uploaded without a platform (largest cap), then attached to a Facebook post.
      bigImage = await upload(t, user, { name: 'huge.png', head: png, size: 9 * 1024 * 1024 });
    });

    const ids = (list: MediaDto[], n: number) => list.slice(0, n).map((m) => m.id);
    const later = () => new Date(Date.now() + 24 * HOUR).toISOString();

    type Case = {
      name: string;
      platform: 'twitter' | 'facebook' | 'instagram' | 'tiktok' | 'linkedin' | 'threads';
      body: () => Record<string, unknown>;
      action?: 'draft' | 'schedule';
      message: string;
    };
    const cases: Case[] = [
      {
        name: 'tweet over 280',
        platform: 'twitter',
        body: () => ({ content: 'a'.repeat(281) }),
        message: 'Your tweet is too long',
      },
      {
        name: 'a thread tweet over 280',
        platform: 'twitter',
        body: () => ({
          tweets: [
            { content: 'ok', media: [] },
            { content: 'b'.repeat(281), media: [] },
          ],
        }),
        message: 'Your tweet is too long',
      },
      {
        name: 'five media in a tweet',
        platform: 'twitter',
        body: () => ({ content: 'x', media: ids(images, 5) }),
        message: 'Maximum 4 media files per tweet',
      },
      {
        name: 'empty tweet',
        platform: 'twitter',
        body: () => ({ content: '  ' }),
        message: 'Please provide content or at least one media file',
      },
      {
        name: 'Facebook text over 63206',
        platform: 'facebook',
        body: () => ({ content: 'a'.repeat(63207) }),
        message: 'Your post is too long',
      },
      {
        name: 'empty Facebook post',
        platform: 'facebook',
        body: () => ({ content: '' }),
        message: 'At least content or a media file is required',
      },
      {
        name: 'Facebook image over 8MB',
        platform: 'facebook',
        body: () => ({ content: 'x', media: [bigImage.id] }),
        message: 'Image "huge.png" exceeds the 8MB limit.',
      },
      {
        name: 'two files in a Facebook story',
        platform: 'facebook',
        body: () => ({ postType: 'story', media: ids(images, 2) }),
        message: 'Only one file is allowed for story posts.',
      },
      {
        name: 'Facebook reel with an image',
        platform: 'facebook',
        body: () => ({ postType: 'reel', media: ids(images, 1) }),
        message: 'File "img0.png" is not supported for Facebook reel posts.',
      },
      {
        name: 'Instagram caption over 2200',
        platform: 'instagram',
        body: () => ({ content: 'a'.repeat(2201) }),
        message: 'Your caption is too long',
      },
      {
        name: 'empty Instagram post',
        platform: 'instagram',
        body: () => ({ content: '' }),
        message: 'Content or media is required for Instagram posts',
      },
      {
        name: 'carousel of 11',
        platform: 'instagram',
        body: () => ({ postType: 'carousel', media: ids(images, 11) }),
        message: 'Carousel posts can have up to 10 media files.',
      },
      {
        name: 'scheduled carousel of 1',
        platform: 'instagram',
        action: 'schedule',
        body: () => ({ postType: 'carousel', content: 'c', media: ids(images, 1) }),
        message: 'Carousel posts require 2–10 media files',
      },
      {
        name: 'scheduled story without media',
        platform: 'instagram',
        action: 'schedule',
        body: () => ({ postType: 'story', content: 's' }),
        message: 'Stories require exactly one photo or video',
      },
      {
        name: 'reel with an image',
        platform: 'instagram',
        body: () => ({ postType: 'reel', content: 'r', media: ids(images, 1) }),
        message: 'Reels only support video uploads.',
      },
      {
        name: 'TikTok caption over 150',
        platform: 'tiktok',
        body: () => ({ content: 'a'.repeat(151), media: ids(videos, 1) }),
        message: 'Your caption is too long',
      },
      {
        name: 'scheduled TikTok without media',
        platform: 'tiktok',
        action: 'schedule',
        body: () => ({ content: 'hi' }),
        message: 'At least one media file is required',
      },
      {
        name: 'two TikTok videos',
        platform: 'tiktok',
        body: () => ({ postType: 'video', media: ids(videos, 2) }),
        message: 'Exactly one video is required for video posts',
      },
      {
        name: 'TikTok video post with an image',
        platform: 'tiktok',
        body: () => ({ postType: 'video', media: ids(images, 1) }),
        message: 'Invalid file type: must be a video',
      },
      {
        name: 'TikTok photo post with a video',
        platform: 'tiktok',
        body: () => ({ postType: 'photo', media: ids(videos, 1) }),
        message: 'Invalid file type: all files must be images',
      },
      {
        name: '13 TikTok photos',
        platform: 'tiktok',
        body: () => ({ postType: 'photo', media: ids(images, 13) }),
        message: 'Photo posts require 1 to 12 images',
      },
      {
        name: 'LinkedIn caption over 1300',
        platform: 'linkedin',
        body: () => ({ content: 'a'.repeat(1301) }),
        message: 'Your caption is too long',
      },
      {
        name: 'empty LinkedIn post',
        platform: 'linkedin',
        body: () => ({ content: '' }),
        message: 'Either content, media, or an article URL is required',
      },
      {
        name: 'LinkedIn article without URL',
        platform: 'linkedin',
        body: () => ({ postType: 'article', content: 'read this' }),
        message: 'Article URL is required for article posts',
      },
      {
        name: 'Threads post over 500',
        platform: 'threads',
        body: () => ({ content: 'a'.repeat(501) }),
        message: 'Your post is too long',
      },
    ];

    it.each(cases)('$name', async ({ platform, body, action, message }) => {
      const accountId = await createAccount(t, user.id, platform);
      const res = await createPost({
        socialAccountId: accountId,
        action: action ?? 'draft',
        ...(action === 'schedule' ? { scheduledAt: later() } : {}),
        ...body(),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_error', message });
    });

    it('accepts the same posts at their limits', async () => {
      const accept = async (platform: Case['platform'], body: Record<string, unknown>) => {
        const accountId = await createAccount(t, user.id, platform);
        const res = await createPost({
          socialAccountId: accountId,
          action: 'schedule',
          scheduledAt: later(),
          ...body,
        });
        expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
      };
      await accept('twitter', { content: 'a'.repeat(280), media: ids(images, 4) });
      await accept('instagram', { postType: 'carousel', content: 'c', media: ids(images, 10) });
      await accept('tiktok', { postType: 'photo', content: 'a'.repeat(150), media: ids(images, 12) });
      await accept('linkedin', { content: 'a'.repeat(1300) });
      await accept('linkedin', { postType: 'article', metadata: { articleUrl: 'https://example.com/a' } });
      await accept('threads', { content: 'a'.repeat(500) });
    });
  });

  it("answers 404 for another user's post, account or media", async () => {
    const other = await createUser(t);
    const accountId = await createAccount(t, user.id, 'facebook');
    const otherAccount = await createAccount(t, other.id, 'facebook');
    const post = await created({ socialAccountId: accountId, content: 'mine', action: 'draft' });
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['GET', '/url'],
    ] as const) {
      const res = await t.request(`/api/posts/${post.id}${suffix}`, {
        method,
        headers: other.headers,
        ...(method === 'PATCH' ? { json: { content: 'stolen' } } : {}),
      });
      expect(res.status, `${method} ${suffix}`).toBe(404);
    }
    const foreignAccount = await createPost({ socialAccountId: otherAccount, content: 'x', action: 'draft' });
    expect(foreignAccount.status).toBe(404);
    expect((await foreignAccount.json()).message).toBe('Account not found');

    const theirs = await upload(t, other, { name: 'theirs.png', head: await pngBytes() });
    const foreignMedia = await createPost({
      socialAccountId: accountId,
      content: 'x',
      media: [theirs.id],
      action: 'draft',
    });
    expect(foreignMedia.status).toBe(404);
    expect((await foreignMedia.json()).message).toBe('Media not found');
    const stillMine = await t.request(`/api/posts/${post.id}`, { headers: user.headers });
    expect((await stillMine.json()).post.content).toBe('mine');
  });

  it('edits the same row and moves a draft to scheduled; posted and publishing posts answer 409', async () => {
    const accountId = await createAccount(t, user.id, 'linkedin');
    const draft = await created({ socialAccountId: accountId, content: 'v1', action: 'draft' });
    const when = new Date(Date.now() + 3 * HOUR).toISOString();
    const res = await t.request(`/api/posts/${draft.id}`, {
      method: 'PATCH',
      headers: user.headers,
      json: { content: 'v2', action: 'schedule', scheduledAt: when },
    });
    expect(res.status).toBe(200);
    const { post } = await res.json();
    expect(post).toMatchObject({
      id: draft.id,
      content: 'v2',
      status: 'scheduled',
      isDraft: false,
      scheduledAt: when,
    });
    expect(await t.deps.db.selectFrom('scheduledPosts').select('id').execute()).toHaveLength(1);

    const tooLong = await t.request(`/api/posts/${draft.id}`, {
      method: 'PATCH',
      headers: user.headers,
      json: { content: 'a'.repeat(1301) },
    });
    expect((await tooLong.json()).message).toBe('Your caption is too long');

    for (const status of ['posted', 'publishing'] as const) {
      await t.deps.db.updateTable('scheduledPosts').set({ status }).where('id', '=', draft.id).execute();
      const locked = await t.request(`/api/posts/${draft.id}`, {
        method: 'PATCH',
        headers: user.headers,
        json: { content: 'v3' },
      });
      expect(locked.status).toBe(409);
    }
  });

  it('deletes a post with its media, but keeps media another post still uses', async () => {
    const accountId = await createAccount(t, user.id, 'facebook');
    const shared = await upload(t, user, { name: 'shared.png', head: await pngBytes() });
    const own = await upload(t, user, { name: 'own.png', head: await pngBytes() });
    const first = await created({
      socialAccountId: accountId,
      content: 'a',
      media: [shared.id, own.id],
      action: 'draft',
    });
    const second = await created({
      socialAccountId: accountId,
      content: 'b',
      media: [shared.id],
      action: 'schedule',
      scheduledAt: new Date(Date.now() + HOUR).toISOString(),
    });
    const del = await t.request(`/api/posts/${first.id}`, { method: 'DELETE', headers: user.headers });
    expect(await del.json()).toEqual({ message: 'Draft and associated media deleted successfully!' });
    const files = () => fs.readdirSync(path.join(t.dataDir, 'media', user.id));
    expect(files()).toEqual([`${shared.id}-shared.png`]);
    expect((await t.request(own.url, { headers: user.headers })).status).toBe(404);
    expect((await t.request(shared.url, { headers: user.headers })).status).toBe(200);

    const del2 = await t.request(`/api/posts/${second.id}`, { method: 'DELETE', headers: user.headers });
    expect(await del2.json()).toEqual({ message: 'Post and associated media deleted successfully!' });
    expect(files()).toEqual([]);
  });

  it("answers the post's platform address, the reconnect answer, or 'No post URL found'", async () => {
    const accountId = await createAccount(t, user.id, 'facebook');
    const post = await created({ socialAccountId: accountId, content: 'x', action: 'draft' });
    const none = await t.request(`/api/posts/${post.id}/url`, { headers: user.headers });
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe('No post URL found');

    await t.deps.db
      .updateTable('scheduledPosts')
      .set({ status: 'posted', platformPostUrl: 'https://facebook.com/1_2' })
      .where('id', '=', post.id)
      .execute();
    const url = await t.request(`/api/posts/${post.id}/url`, { headers: user.headers });
    expect(await url.json()).toEqual({ url: 'https://facebook.com/1_2' });

    await t.deps.db
      .updateTable('socialAccounts')
      .set({ status: 'needs_reconnect' })
      .where('id', '=', accountId)
      .execute();
    const reconnect = await t.request(`/api/posts/${post.id}/url`, { headers: user.headers });
    expect(await reconnect.json()).toEqual({
      action: 'reauthenticate',
      error: 'Your account needs to be reconnected. Please reconnect your account.',
    });
  });

  it('publishes inserts, updates and deletes to the user only', async () => {
    const accountId = await createAccount(t, user.id, 'facebook');
    const other = await createUser(t);
    const mine: string[] = [];
    const theirs: string[] = [];
    t.deps.events.subscribe(user.id, (event) => mine.push(event.type));
    t.deps.events.subscribe(other.id, (event) => theirs.push(event.type));
    const post = await created({ socialAccountId: accountId, content: 'x', action: 'draft' });
    await t.request(`/api/posts/${post.id}`, {
      method: 'PATCH',
      headers: user.headers,
      json: { content: 'y' },
    });
    await t.request(`/api/posts/${post.id}`, { method: 'DELETE', headers: user.headers });
    expect(mine).toEqual(['post.inserted', 'post.updated', 'post.deleted']);
    expect(theirs).toEqual([]);
  });
});
