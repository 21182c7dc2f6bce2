import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../sandbox-server.js';
import { control } from '../sandbox-testing.js';
import { authorize, call, form, type MediaServer, MP4_BYTES, startMediaServer } from './meta-test-support.js';

let sandbox: RunningSandbox;
let media: MediaServer;
let graph: string;
let pageA: { id: string; token: string };
let pageB: { id: string; token: string };
let userToken: string;

const REDIRECT = 'http://localhost:5999/auth/facebook/callback';

async function connect(): Promise<{ short: string; long: string }> {
  const { code, state } = await authorize(
    `${sandbox.url}/www.facebook.com/v25.0/dialog/oauth?client_id=fb-app&redirect_uri=${encodeURIComponent(REDIRECT)}&state=abc&scope=pages_show_list,pages_manage_posts`,
  );
  expect(state).toBe('abc');
  const short = await call(
    `${graph}/oauth/access_token?client_id=fb-app&client_secret=fb-secret&redirect_uri=${encodeURIComponent(REDIRECT)}&code=${code}`,
  );
  expect(short.status).toBe(200);
  const long = await call(
    `${graph}/oauth/access_token?grant_type=fb_exchange_token&client_id=fb-app&client_secret=fb-secret&fb_exchange_token=${short.body.access_token}`,
  );
  expect(long.body.expires_in).toBe(5183944);
  return { short: String(short.body.access_token), long: String(long.body.access_token) };
}

function post(path: string, token: string, values: Record<string, string> = {}) {
  return call(`${graph}/${path}`, form({ ...values, access_token: token }));
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 1000 });
  media = await startMediaServer();
  graph = `${sandbox.url}/graph.facebook.com/v25.0`;
  userToken = (await connect()).long;
  const accounts = await call(
    `${graph}/me/accounts?fields=id,name,access_token,picture&access_token=${userToken}`,
  );
  const data = accounts.body.data as { id: string; access_token: string }[];
  pageA = { id: data[0]!.id, token: data[0]!.access_token };
  pageB = { id: data[1]!.id, token: data[1]!.access_token };
});

afterAll(async () => {
  await sandbox.close();
  await media.close();
});

describe('Facebook sandbox: login and Pages', () => {
  it('exchanges a code for a short-lived then a long-lived user token and reads the profile', async () => {
    const { short, long } = await connect();
    expect(short).not.toBe(long);
    const me = await call(`${graph}/me?fields=id,name,picture&access_token=${long}`);
    expect(me.body.name).toBe('Postloom Demo');
    expect((me.body.picture as { data: { url: string } }).data.url).toMatch(/^http/);
    const permissions = await call(`${graph}/me/permissions`, {
      headers: { authorization: `Bearer ${long}` },
    });
    expect(permissions.body.data).toContainEqual({ permission: 'pages_manage_posts', status: 'granted' });
  });

  it('accepts the code exchange as a POST form too, and refuses a used code', async () => {
    const { code } = await authorize(
      `${sandbox.url}/www.facebook.com/v25.0/dialog/oauth?client_id=fb-app&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s`,
    );
    const values = {
      client_id: 'fb-app',
      client_secret: 'fb-secret',
      redirect_uri: REDIRECT,
      code,
      grant_type: 'authorization_code',
    };
    expect((await call(`${graph}/oauth/access_token`, form(values))).status).toBe(200);
    const again = await call(`${graph}/oauth/access_token`, form(values));
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ type: 'OAuthException', code: 100, error_subcode: 36009 });
  });

  it('lists the two Pages the demo user manages, each with its own never-expiring token', async () => {
    const accounts = await call(
      `${graph}/me/accounts?fields=id,name,access_token,picture.type(large)&access_token=${userToken}`,
    );
    const data = accounts.body.data as { name: string; access_token: string }[];
    expect(data.map((page) => page.name)).toEqual(['Postloom Demo Page', 'Postloom Demo Shop']);
    expect(data[0]!.access_token).not.toBe(data[1]!.access_token);
    const token = sandbox.state.tokens.get(pageA.token);
    expect(token?.expiresAt).toBeNull();
    const page = await call(`${graph}/${pageA.id}?fields=id,name,picture&access_token=${pageA.token}`);
    expect(page.body).toMatchObject({ id: pageA.id, name: 'Postloom Demo Page' });
  });

  it('refuses posting with a user token or another Page token (code 200)', async () => {
    const withUser = await post(`${pageA.id}/feed`, userToken, { message: 'Hello from the user token' });
    expect(withUser.status).toBe(403);
    expect(withUser.body.error).toMatchObject({ code: 200, type: 'OAuthException' });
    const withOtherPage = await post(`${pageA.id}/feed`, pageB.token, {
      message: 'Hello from the other Page',
    });
    expect((withOtherPage.body.error as { code: number }).code).toBe(200);
  });

  it('answers code 190 for an unknown or expired token', async () => {
    const unknown = await call(`${graph}/me?access_token=nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 190, type: 'OAuthException' });
    expect((unknown.body.error as { fbtrace_id: string }).fbtrace_id).toBeTruthy();
  });
});

describe('Facebook sandbox: publishing', () => {
  it('publishes a text post, serves its permalink and public page, and refuses the duplicate (506)', async () => {
    const created = await post(`${pageA.id}/feed`, pageA.token, { message: 'First post from Postloom' });
    expect(created.status).toBe(200);
    const id = String(created.body.id);
    expect(id).toMatch(new RegExp(`^${pageA.id}_\\d+$`));
    const permalink = await call(`${graph}/${id}?fields=permalink_url&access_token=${pageA.token}`);
    expect(permalink.body.permalink_url).toBe(
      `https://www.facebook.com/${pageA.id}/posts/${id.split('_')[1]}`,
    );
    const html = await fetch(`${sandbox.url}/www.facebook.com/${pageA.id}/posts/${id.split('_')[1]}`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('First post from Postloom');
    const published = await (await control(sandbox, '/published?platform=facebook')).json();
    expect(published.posts).toContainEqual(
      expect.objectContaining({ id, accountId: pageA.id, text: 'First post from Postloom', type: 'text' }),
    );
    const duplicate = await post(`${pageA.id}/feed`, pageA.token, { message: 'First post from Postloom' });
    expect(duplicate.body.error).toMatchObject({ code: 506 });
  });

  it('refuses a message longer than 63206 characters', async () => {
    const tooLong = await post(`${pageA.id}/feed`, pageA.token, { message: 'a'.repeat(63207) });
    expect((tooLong.body.error as { code: number }).code).toBe(100);
  });

  it('publishes a photo from a URL and a multi-photo post from unpublished photos', async () => {
    const photo = await post(`${pageA.id}/photos`, pageA.token, {
      url: `${media.url}/photo.jpg`,
      caption: 'One photo',
    });
    expect(photo.body).toMatchObject({
      id: expect.any(String),
      post_id: expect.stringMatching(`^${pageA.id}_`),
    });
    const first = await post(`${pageA.id}/photos`, pageA.token, {
      url: `${media.url}/photo.jpg`,
      published: 'false',
    });
    const second = await post(`${pageA.id}/photos`, pageA.token, {
      url: `${media.url}/photo.png`,
      published: 'false',
    });
    expect(first.body.post_id).toBeUndefined();
    const album = await post(`${pageA.id}/feed`, pageA.token, {
      message: 'Two photos',
      'attached_media[0]': JSON.stringify({ media_fbid: first.body.id }),
      'attached_media[1]': JSON.stringify({ media_fbid: second.body.id }),
    });
    expect(album.status).toBe(200);
    const published = sandbox.state.posts.find((p) => p.id === album.body.id);
    expect(published?.media).toHaveLength(2);
    const missing = await post(`${pageA.id}/photos`, pageA.token, { url: `${media.url}/missing.jpg` });
    expect(missing.status).toBe(400);
  });

  it('publishes a video from file_url and a multipart upload', async () => {
    const fromUrl = await post(`${pageA.id}/videos`, pageA.token, {
      file_url: `${media.url}/clip.mp4`,
      description: 'A video',
    });
    expect(fromUrl.body.id).toEqual(expect.any(String));
    const body = new FormData();
    body.set('access_token', pageA.token);
    body.set('description', 'Uploaded video');
    body.set('source', new Blob([MP4_BYTES], { type: 'video/mp4' }), 'clip.mp4');
    const uploaded = await call(`${graph}/${pageA.id}/videos`, { method: 'POST', body });
    expect(uploaded.body.id).toEqual(expect.any(String));
  });

  it('publishes a reel: start, rupload bytes, finish, then processing turns ready', async () => {
    const start = await post(`${pageA.id}/video_reels`, pageA.token, { upload_phase: 'start' });
    const videoId = String(start.body.video_id);
    expect(start.body.upload_url).toBe(`https://rupload.facebook.com/video-upload/v25.0/${videoId}`);
    const early = await post(`${pageA.id}/video_reels`, pageA.token, {
      upload_phase: 'finish',
      video_id: videoId,
    });
    expect(early.status).toBe(400);
    const upload = await call(`${sandbox.url}/rupload.facebook.com/video-upload/v25.0/${videoId}`, {
      method: 'POST',
      headers: {
        authorization: `OAuth ${pageA.token}`,
        offset: '0',
        file_size: String(MP4_BYTES.byteLength),
      },
      body: MP4_BYTES,
    });
    expect(upload.body).toEqual({ success: true });
    const finish = await call(
      `${graph}/${pageA.id}/video_reels?upload_phase=finish&video_id=${videoId}&video_state=PUBLISHED&description=My%20reel&access_token=${pageA.token}`,
      { method: 'POST' },
    );
    expect(finish.body).toEqual({ success: true });
    const processing = await call(`${graph}/${videoId}?fields=status&access_token=${pageA.token}`);
    expect((processing.body.status as { video_status: string }).video_status).toBe('processing');
    await control(sandbox, '/clock', { advanceMs: 5000 });
    const ready = await call(`${graph}/${videoId}?fields=status&access_token=${pageA.token}`);
    expect((ready.body.status as { video_status: string }).video_status).toBe('ready');
    const permalink = await call(`${graph}/${videoId}?fields=permalink_url&access_token=${pageA.token}`);
    expect(permalink.body.permalink_url).toBe(`https://www.facebook.com/reel/${videoId}`);
    expect(sandbox.state.posts.find((p) => p.id === videoId)).toMatchObject({
      type: 'reel',
      text: 'My reel',
    });
  });

  it('refuses a rupload without the Page token', async () => {
    const start = await post(`${pageB.id}/video_reels`, pageB.token, { upload_phase: 'start' });
    const upload = await call(
      `${sandbox.url}/rupload.facebook.com/video-upload/v25.0/${start.body.video_id}`,
      {
        method: 'POST',
        headers: { authorization: `OAuth ${pageA.token}`, file_url: `${media.url}/clip.mp4` },
      },
    );
    expect(upload.status).toBe(401);
  });

  it('publishes photo and video stories', async () => {
    const photo = await post(`${pageB.id}/photos`, pageB.token, {
      url: `${media.url}/photo.jpg`,
      published: 'false',
    });
    const photoStory = await post(`${pageB.id}/photo_stories`, pageB.token, {
      photo_id: String(photo.body.id),
    });
    expect(photoStory.body.post_id).toEqual(expect.any(String));
    const start = await post(`${pageB.id}/video_stories`, pageB.token, { upload_phase: 'start' });
    await call(String(start.body.upload_url).replace('https://', `${sandbox.url}/`), {
      method: 'POST',
      headers: { authorization: `OAuth ${pageB.token}`, file_url: `${media.url}/clip.mp4` },
    });
    const finish = await post(`${pageB.id}/video_stories`, pageB.token, {
      upload_phase: 'finish',
      video_id: String(start.body.video_id),
    });
    expect(finish.body.post_id).toBe(start.body.video_id);
    const stories = sandbox.state.posts.filter((p) => p.platform === 'facebook' && p.type === 'story');
    expect(stories).toHaveLength(2);
  });

  it('caps reels at 30 per Page in 24 hours', async () => {
    const page = pageB;
    for (let i = 0; i < 30; i++) {
      const start = await post(`${page.id}/video_reels`, page.token, { upload_phase: 'start' });
      await call(`${sandbox.url}/rupload.facebook.com/video-upload/v25.0/${start.body.video_id}`, {
        method: 'POST',
        headers: { authorization: `OAuth ${page.token}`, file_url: `${media.url}/clip.mp4` },
      });
      const finish = await post(`${page.id}/video_reels`, page.token, {
        upload_phase: 'finish',
        video_id: String(start.body.video_id),
        video_state: 'PUBLISHED',
      });
      expect(finish.body).toEqual({ success: true });
    }
    const refused = await post(`${page.id}/video_reels`, page.token, { upload_phase: 'start' });
    expect(refused.status).toBe(400);
    expect((refused.body.error as { message: string }).message).toContain('30 reels');
  });

  it('answers page and post insights with numbers', async () => {
    const created = await post(`${pageA.id}/feed`, pageA.token, { message: 'Insights please' });
    const pageInsights = await call(
      `${graph}/${pageA.id}/insights?metric=page_total_media_view_unique,page_post_engagements&period=day&access_token=${pageA.token}`,
    );
    const data = pageInsights.body.data as { name: string; values: { value: number }[] }[];
    expect(data.map((d) => d.name)).toEqual(['page_total_media_view_unique', 'page_post_engagements']);
    expect(data[0]!.values[0]!.value).toBeGreaterThan(0);
    const postInsights = await call(
      `${graph}/${created.body.id}/insights?metric=post_total_media_view_unique,post_clicks&access_token=${pageA.token}`,
    );
    expect((postInsights.body.data as unknown[]).length).toBe(2);
    const deprecated = await call(
      `${graph}/${pageA.id}/insights?metric=page_impressions_unique&access_token=${pageA.token}`,
    );
    expect(deprecated.status).toBe(400);
  });

  it('answers 190 once the sandbox expires the Page tokens', async () => {
    await control(sandbox, '/expire-tokens', { platform: 'facebook' });
    const expired = await post(`${pageA.id}/feed`, pageA.token, { message: 'Too late' });
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463 });
  });
});
