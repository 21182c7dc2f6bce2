import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../sandbox-server.js';
import { control } from '../sandbox-testing.js';
import { authorize, call, form, type MediaServer, startMediaServer } from './meta-test-support.js';

let sandbox: RunningSandbox;
let media: MediaServer;
let graph: string;
let token: string;
let userId: string;

const REDIRECT = 'http://localhost:5999/auth/instagram/callback';
const DELAY_MS = 300;

async function connect() {
  const { code, location } = await authorize(
    `${sandbox.url}/www.instagram.com/oauth/authorize?client_id=ig-app&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=instagram_business_basic,instagram_business_content_publish&state=st`,
  );
  expect(location.endsWith('#_')).toBe(true);
  const short = await call(
    `${sandbox.url}/api.instagram.com/oauth/access_token`,
    form({
      client_id: 'ig-app',
      client_secret: 'ig-secret',
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code,
    }),
  );
  expect(short.status).toBe(200);
  const long = await call(
    `${sandbox.url}/graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret=ig-secret&access_token=${short.body.access_token}`,
  );
  expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
  return { short: short.body, long: String(long.body.access_token) };
}

async function advance(ms: number) {
  await control(sandbox, '/clock', { advanceMs: ms });
}

function create(values: Record<string, string>) {
  return call(`${graph}/${userId}/media`, form({ ...values, access_token: token }));
}

async function statusOf(id: string): Promise<string> {
  const answer = await call(`${graph}/${id}?fields=status_code,status&access_token=${token}`);
  return String(answer.body.status_code);
}

/** Waits (real time) until the background download settled, then moves the virtual clock past processing. */
async function finished(id: string, advanceMs = DELAY_MS * 4): Promise<string> {
  for (let i = 0; i < 50 && (await statusOf(id)) === 'IN_PROGRESS'; i++) {
    await advance(advanceMs);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return statusOf(id);
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: DELAY_MS });
  media = await startMediaServer();
  graph = `${sandbox.url}/graph.instagram.com/v25.0`;
  const connected = await connect();
  token = connected.long;
  userId = String(connected.short.user_id);
});

afterAll(async () => {
  await sandbox.close();
  await media.close();
});

describe('Instagram sandbox (Instagram Login)', () => {
  it('connects end to end and reads the profile', async () => {
    const { short, long } = await connect();
    expect(typeof short.user_id).toBe('number');
    expect(String(short.permissions)).toContain('instagram_business_content_publish');
    const me = await call(
      `${graph}/me?fields=user_id,username,name,profile_picture_url&access_token=${long}`,
    );
    expect(me.body).toMatchObject({ user_id: userId, username: 'postloom.demo', name: 'Postloom Demo' });
    expect(String(me.body.profile_picture_url)).toMatch(/^http/);
  });

  it('answers token errors in the api.instagram.com shape', async () => {
    const wrong = await call(
      `${sandbox.url}/api.instagram.com/oauth/access_token`,
      form({
        client_id: 'ig-app',
        client_secret: 'ig-secret',
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code: 'nope',
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error_type: 'OAuthException',
      code: 400,
      error_message: 'Matching code was not found or was already used',
    });
  });

  it('refuses a refresh before the token is 24 hours old and accepts it after', async () => {
    const { long } = await connect();
    const refresh = `${sandbox.url}/graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token&access_token=`;
    const early = await call(`${refresh}${long}`);
    expect(early.status).toBe(400);
    expect((early.body.error as { message: string }).message).toContain('24 hours');
    await advance(24 * 60 * 60 * 1000 + 1000);
    const later = await call(`${refresh}${long}`);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
    token = String(later.body.access_token);
  });

  it('processes an image container, refuses publishing before FINISHED, then publishes it', async () => {
    await control(sandbox, '/settings', { containerDelayMs: 60_000 });
    const container = await create({
      image_url: `${media.url}/photo.jpg`,
      caption: 'Hello Instagram',
      alt_text: 'A photo',
    });
    const id = String(container.body.id);
    expect(await statusOf(id)).toBe('IN_PROGRESS');
    const early = await call(`${graph}/${userId}/media_publish?creation_id=${id}&access_token=${token}`, {
      method: 'POST',
    });
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({ code: 9007, message: 'Media ID is not available' });
    await control(sandbox, '/settings', { containerDelayMs: DELAY_MS });
    expect(await finished(id, 61_000)).toBe('FINISHED');
    const published = await call(
      `${graph}/${userId}/media_publish`,
      form({ creation_id: id, access_token: token }),
    );
    const mediaId = String(published.body.id);
    expect(await statusOf(id)).toBe('PUBLISHED');
    const permalink = await call(`${graph}/${mediaId}?fields=permalink&access_token=${token}`);
    const url = String(permalink.body.permalink);
    expect(url).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/);
    const page = await fetch(url.replace('https://', `${sandbox.url}/`));
    expect(await page.text()).toContain('Hello Instagram');
    const list = await (await control(sandbox, '/published?platform=instagram')).json();
    expect(list.posts).toContainEqual(
      expect.objectContaining({ id: mediaId, type: 'image', text: 'Hello Instagram' }),
    );
    const limit = await call(
      `${graph}/${userId}/content_publishing_limit?fields=quota_usage,config&access_token=${token}`,
    );
    expect(limit.body.data).toEqual([
      { quota_usage: 1, config: { quota_total: 100, quota_duration: 86400 } },
    ]);
  });

  it('marks a container ERROR when the image URL is unreachable or not a JPEG', async () => {
    const missing = await create({ image_url: `${media.url}/missing.jpg`, caption: 'x' });
    expect(await finished(String(missing.body.id))).toBe('ERROR');
    const answer = await call(`${graph}/${missing.body.id}?fields=status_code,status&access_token=${token}`);
    expect(String(answer.body.status)).toContain('HTTP 404');
    const png = await create({ image_url: `${media.url}/photo.png` });
    expect(await finished(String(png.body.id))).toBe('ERROR');
    const refused = await call(
      `${graph}/${userId}/media_publish?creation_id=${png.body.id}&access_token=${token}`,
      {
        method: 'POST',
      },
    );
    expect((refused.body.error as { code: number }).code).toBe(9007);
  });

  it('publishes a reel and a story', async () => {
    const reel = await create({ media_type: 'REELS', video_url: `${media.url}/clip.mp4`, caption: 'A reel' });
    expect(await finished(String(reel.body.id))).toBe('FINISHED');
    const reelId = (
      await call(
        `${graph}/me/media_publish`,
        form({ creation_id: String(reel.body.id), access_token: token }),
      )
    ).body.id;
    const story = await create({ media_type: 'STORIES', image_url: `${media.url}/photo.jpg` });
    expect(await finished(String(story.body.id))).toBe('FINISHED');
    const storyId = (
      await call(
        `${graph}/me/media_publish`,
        form({ creation_id: String(story.body.id), access_token: token }),
      )
    ).body.id;
    const posts = sandbox.state.posts.filter((p) => p.platform === 'instagram');
    expect(posts.find((p) => p.id === reelId)?.type).toBe('reel');
    expect(posts.find((p) => p.id === storyId)?.type).toBe('story');
  });

  it('builds carousels of 2 to 10 finished children only', async () => {
    const one = await create({ media_type: 'CAROUSEL', children: 'x' });
    expect((one.body.error as { message: string }).message).toContain('between 2 and 10');
    const children: string[] = [];
    for (let i = 0; i < 11; i++) {
      const child = await create({ image_url: `${media.url}/photo.jpg`, is_carousel_item: 'true' });
      children.push(String(child.body.id));
    }
    const eleven = await create({ media_type: 'CAROUSEL', children: children.join(',') });
    expect(eleven.status).toBe(400);
    const notItem = await create({ image_url: `${media.url}/photo.jpg` });
    const mixed = await create({ media_type: 'CAROUSEL', children: `${children[0]},${notItem.body.id}` });
    expect(mixed.status).toBe(400);
    const carousel = await create({
      media_type: 'CAROUSEL',
      children: children.slice(0, 3).join(','),
      caption: 'Three',
    });
    expect(await finished(String(carousel.body.id))).toBe('FINISHED');
    const published = await call(
      `${graph}/${userId}/media_publish`,
      form({ creation_id: String(carousel.body.id), access_token: token }),
    );
    const post = sandbox.state.posts.find((p) => p.id === published.body.id);
    expect(post).toMatchObject({ type: 'carousel', text: 'Three' });
    expect(post?.media).toHaveLength(3);
  });

  it('answers account and media insights', async () => {
    const account = await call(
      `${graph}/${userId}/insights?metric=reach,follower_count&period=day&access_token=${token}`,
    );
    expect((account.body.data as unknown[]).length).toBe(2);
    const mediaId = sandbox.state.posts.find((p) => p.platform === 'instagram' && p.type === 'image')?.id;
    const insights = await call(`${graph}/${mediaId}/insights?metric=views,likes&access_token=${token}`);
    expect((insights.body.data as { name: string }[]).map((d) => d.name)).toEqual(['views', 'likes']);
  });

  it("refuses another account's container and an invalid token", async () => {
    const invalid = await call(
      `${graph}/${userId}/media`,
      form({ image_url: `${media.url}/photo.jpg`, access_token: 'bad' }),
    );
    expect(invalid.body.error).toMatchObject({ code: 190 });
    const other = await call(
      `${graph}/17841400000000000/media`,
      form({ image_url: `${media.url}/photo.jpg`, access_token: token }),
    );
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ code: 100 });
  });
});
