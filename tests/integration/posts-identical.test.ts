import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PostDto } from '../../shared/posts/api.js';
import { createTestApp, type TestApp } from '../support/test-app.js';
import { createAccount, createUser, type PostsUser } from './posts-support.js';

const HOUR = 3_600_000;

describe('the composer asks whether the same text goes out within a day', () => {
  let t: TestApp;
  let user: PostsUser;

  beforeEach(async () => {
    t = await createTestApp();
    user = await createUser(t);
  });
  afterEach(() => t.close());

  async function schedule(accountId: string, content: string, at: number): Promise<PostDto> {
    const res = await t.request('/api/posts', {
      method: 'POST',
      headers: user.headers,
      json: {
        socialAccountId: accountId,
        content,
        action: 'schedule',
        scheduledAt: new Date(at).toISOString(),
      },
    });
    return (await res.json()).post;
  }

  async function identical(body: Record<string, unknown>, who: PostsUser = user) {
    return t.request('/api/posts/identical', { method: 'POST', headers: who.headers, json: body });
  }

  it('answers the time of the same tweet from the account within 24 hours either side', async () => {
    const x = await createAccount(t, user.id, 'twitter');
    const at = Date.now() + 5 * HOUR;
    const other = await schedule(x, 'Same words', at);
    const near = await identical({
      socialAccountId: x,
      content: 'Same words',
      at: new Date(at + 23 * HOUR).toISOString(),
    });
    expect(near.status).toBe(200);
    expect(await near.json()).toEqual({ identicalAt: other.scheduledAt });
    // Now (null) is five hours before it.
    expect(await (await identical({ socialAccountId: x, content: 'Same words', at: null })).json()).toEqual({
      identicalAt: other.scheduledAt,
    });
  });

  it('answers null a day apart, for other text, for the post itself and for platforms that allow repeats', async () => {
    const x = await createAccount(t, user.id, 'twitter');
    const linkedin = await createAccount(t, user.id, 'linkedin');
    const at = Date.now() + 5 * HOUR;
    const post = await schedule(x, 'Same words', at);
    await schedule(linkedin, 'Same words', at);
    const none = { identicalAt: null };
    const later = new Date(at + 25 * HOUR).toISOString();
    expect(await (await identical({ socialAccountId: x, content: 'Same words', at: later })).json()).toEqual(
      none,
    );
    expect(await (await identical({ socialAccountId: x, content: 'Other words', at: null })).json()).toEqual(
      none,
    );
    expect(
      await (
        await identical({ socialAccountId: x, content: 'Same words', at: null, excludePostId: post.id })
      ).json(),
    ).toEqual(none);
    expect(
      await (await identical({ socialAccountId: linkedin, content: 'Same words', at: null })).json(),
    ).toEqual(none);
  });

  it('compares Facebook text-only posts, not posts with media', async () => {
    const facebook = await createAccount(t, user.id, 'facebook');
    const post = await schedule(facebook, 'Opening hours', Date.now() + HOUR);
    expect(
      await (
        await identical({ socialAccountId: facebook, content: 'Opening hours', hasMedia: false })
      ).json(),
    ).toEqual({ identicalAt: post.scheduledAt });
    expect(
      await (await identical({ socialAccountId: facebook, content: 'Opening hours', hasMedia: true })).json(),
    ).toEqual({ identicalAt: null });
  });

  it("answers 404 for another user's account", async () => {
    const stranger = await createUser(t);
    const x = await createAccount(t, stranger.id, 'twitter');
    const res = await identical({ socialAccountId: x, content: 'Same words' });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Account not found');
  });
});
