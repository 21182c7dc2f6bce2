import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type RunningSandbox, startSandbox } from '../sandbox-server.js';
import { control } from '../sandbox-testing.js';
import { authorize, call, form, type MediaServer, startMediaServer } from './meta-test-support.js';
import { threadsTextLength } from './threads.js';

let sandbox: RunningSandbox;
let media: MediaServer;
let graph: string;
let token: string;
let userId: string;

const REDIRECT = 'http://localhost:5999/auth/threads/callback';
const DELAY_MS = 300;

async function connect(host = 'threads.com') {
  const { code, location } = await authorize(
    `${sandbox.url}/${host}/oauth/authorize?client_id=th-app&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=threads_basic,threads_content_publish&response_type=code&state=st`,
  );
  expect(location.endsWith('#_')).toBe(true);
  const short = await call(
    `${sandbox.url}/graph.threads.net/oauth/access_token`,
    form({
      client_id: 'th-app',
      client_secret: 'th-secret',
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code,
    }),
  );
  expect(short.status).toBe(200);
  const long = await call(
    `${sandbox.url}/graph.threads.net/access_token?grant_type=th_exchange_token&client_secret=th-secret&access_token=${short.body.access_token}`,
  );
  expect(long.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
  return { userId: String(short.body.user_id), long: String(long.body.access_token) };
}

async function advance(ms: number) {
  await control(sandbox, '/clock', { advanceMs: ms });
}

function create(values: Record<string, string>) {
  return call(`${graph}/${userId}/threads`, form({ ...values, access_token: token }));
}

async function statusOf(id: string): Promise<Record<string, unknown>> {
  return (await call(`${graph}/${id}?fields=status,error_message&access_token=${token}`)).body;
}

async function finished(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 50 && (await statusOf(id)).status === 'IN_PROGRESS'; i++) {
    await advance(DELAY_MS * 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return statusOf(id);
}

async function publish(creationId: string) {
  return call(`${graph}/${userId}/threads_publish?creation_id=${creationId}&access_token=${token}`, {
    method: 'POST',
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: DELAY_MS });
  media = await startMediaServer();
  graph = `${sandbox.url}/graph.threads.net/v1.0`;
  ({ userId, long: token } = await connect());
});

afterAll(async () => {
  await sandbox.close();
  await media.close();
});

describe('Threads sandbox', () => {
  it('connects through threads.com and www.threads.net and reads the profile', async () => {
    const viaNet = await connect('www.threads.net');
    const me = await call(
      `${graph}/me?fields=id,username,name,threads_profile_picture_url&access_token=${viaNet.long}`,
    );
    expect(me.body).toMatchObject({ id: userId, username: 'postloom.demo', name: 'Postloom Demo' });
    expect(String(me.body.threads_profile_picture_url)).toMatch(/^http/);
  });

  it('refuses a refresh before the token is 24 hours old and accepts it after', async () => {
    const { long } = await connect();
    const refresh = `${sandbox.url}/graph.threads.net/refresh_access_token?grant_type=th_refresh_token&access_token=`;
    expect((await call(`${refresh}${long}`)).status).toBe(400);
    await advance(24 * 60 * 60 * 1000);
    const later = await call(`${refresh}${long}`);
    expect(later.body).toMatchObject({ token_type: 'bearer', expires_in: 5183944 });
  });

  it('counts emoji as UTF-8 bytes in the 500 limit', async () => {
    expect(threadsTextLength('hello')).toBe(5);
    expect(threadsTextLength('é😀')).toBe(5);
    const fits = await create({ media_type: 'TEXT', text: `${'a'.repeat(496)}😀` });
    expect(fits.status).toBe(200);
    const over = await create({ media_type: 'TEXT', text: `${'a'.repeat(497)}😀` });
    expect(over.status).toBe(400);
    expect((over.body.error as { message: string }).message).toContain('500');
    const plain = await create({ media_type: 'TEXT', text: 'é'.repeat(500) });
    expect(plain.status).toBe(200);
  });

  it('publishes a text post after the container finishes, then a reply chain', async () => {
    // The sandbox's clock moves only when this test advances it, however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const root = await create({ media_type: 'TEXT', text: 'Root of the thread' });
    expect((await statusOf(String(root.body.id))).status).toBe('IN_PROGRESS');
    const early = await publish(String(root.body.id));
    expect(early.status).toBe(400);
    expect((await finished(String(root.body.id))).status).toBe('FINISHED');
    const rootId = String((await publish(String(root.body.id))).body.id);
    const reply = await create({ media_type: 'TEXT', text: 'Second part', reply_to_id: rootId });
    await finished(String(reply.body.id));
    const replyId = String((await publish(String(reply.body.id))).body.id);
    const third = await create({ media_type: 'TEXT', text: 'Third part', reply_to_id: replyId });
    await finished(String(third.body.id));
    const thirdId = String((await publish(String(third.body.id))).body.id);
    const posts = sandbox.state.posts.filter((p) => p.platform === 'threads');
    expect(posts.find((p) => p.id === replyId)?.replyToId).toBe(rootId);
    expect(posts.find((p) => p.id === thirdId)?.replyToId).toBe(replyId);
    const permalink = await call(`${graph}/${rootId}?fields=permalink&access_token=${token}`);
    const url = String(permalink.body.permalink);
    expect(url).toMatch(/^https:\/\/www\.threads\.com\/@postloom\.demo\/post\/[\w-]+$/);
    const page = await fetch(url.replace('https://', `${sandbox.url}/`));
    expect(await page.text()).toContain('Root of the thread');
    const limit = await call(
      `${graph}/${userId}/threads_publishing_limit?fields=quota_usage,config,reply_quota_usage,reply_config&access_token=${token}`,
    );
    expect(limit.body.data).toEqual([
      {
        quota_usage: 1,
        config: { quota_total: 250, quota_duration: 86400 },
        reply_quota_usage: 2,
        reply_config: { quota_total: 1000, quota_duration: 86400 },
      },
    ]);
    const unknownParent = await create({ media_type: 'TEXT', text: 'Orphan', reply_to_id: '123' });
    expect(unknownParent.status).toBe(400);
  });

  it('fetches image URLs: a reachable image publishes, an unreachable one ends in ERROR', async () => {
    const image = await create({ media_type: 'IMAGE', image_url: `${media.url}/photo.png`, text: 'Picture' });
    expect((await finished(String(image.body.id))).status).toBe('FINISHED');
    expect((await publish(String(image.body.id))).status).toBe(200);
    const missing = await create({ media_type: 'IMAGE', image_url: `${media.url}/gone.jpg`, text: 'Gone' });
    const status = await finished(String(missing.body.id));
    expect(status.status).toBe('ERROR');
    expect(String(status.error_message)).toContain('404');
    expect((await publish(String(missing.body.id))).status).toBe(400);
  });

  it('publishes a video and a carousel of finished items', async () => {
    const video = await create({ media_type: 'VIDEO', video_url: `${media.url}/clip.mp4`, text: 'Clip' });
    expect((await finished(String(video.body.id))).status).toBe('FINISHED');
    expect((await publish(String(video.body.id))).status).toBe(200);
    const tooFew = await create({ media_type: 'CAROUSEL', children: 'a' });
    expect(tooFew.status).toBe(400);
    const a = await create({
      media_type: 'IMAGE',
      image_url: `${media.url}/photo.jpg`,
      is_carousel_item: 'true',
    });
    const b = await create({
      media_type: 'VIDEO',
      video_url: `${media.url}/clip.mp4`,
      is_carousel_item: 'true',
    });
    const carousel = await create({
      media_type: 'CAROUSEL',
      children: `${a.body.id},${b.body.id}`,
      text: 'Both',
    });
    expect((await finished(String(carousel.body.id))).status).toBe('FINISHED');
    const published = await publish(String(carousel.body.id));
    const post = sandbox.state.posts.find((p) => p.id === published.body.id);
    expect(post).toMatchObject({ type: 'carousel', text: 'Both' });
    expect(post?.media.map((m) => m.kind)).toEqual(['image', 'video']);
  });

  it('answers insights and refuses a foreign profile', async () => {
    const insights = await call(
      `${graph}/${userId}/threads_insights?metric=views,likes&access_token=${token}`,
    );
    expect((insights.body.data as { name: string }[]).map((d) => d.name)).toEqual(['views', 'likes']);
    const foreign = await call(
      `${graph}/1234/threads`,
      form({ media_type: 'TEXT', text: 'x', access_token: token }),
    );
    expect(foreign.status).toBe(400);
  });
});
