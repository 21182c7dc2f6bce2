import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type RunningSandbox, startSandbox } from './sandbox-server.js';
import { control, followAuthorize, form } from './sandbox-testing.js';

let sandbox: RunningSandbox;
const MB = 1024 * 1024;
const redirectUri = 'http://localhost:5173/auth/tiktok/callback';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 200 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, '/reset', {});
});

function tokenRequest(values: Record<string, string>) {
  return fetch(`${sandbox.url}/open.tiktokapis.com/v2/oauth/token/`, {
    method: 'POST',
    ...form({ client_key: 'tt-key', client_secret: 'tt-secret', ...values }),
  });
}

async function connect(): Promise<{ access_token: string; refresh_token: string; open_id: string }> {
  const params = new URLSearchParams({
    client_key: 'tt-key',
    response_type: 'code',
    scope: 'user.info.basic,user.info.profile,video.publish,video.upload,video.list',
    redirect_uri: redirectUri,
    state: 'tt-state',
  });
  const callback = await followAuthorize(`${sandbox.url}/www.tiktok.com/v2/auth/authorize/?${params}`);
  expect(callback.searchParams.get('state')).toBe('tt-state');
  const res = await tokenRequest({
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: redirectUri,
  });
  const body = await res.json();
  expect(body).toMatchObject({ expires_in: 7200, refresh_expires_in: 15_552_000, token_type: 'Bearer' });
  return body;
}

function api(token: string, path: string, body?: unknown, method = 'POST') {
  return fetch(`${sandbox.url}/open.tiktokapis.com${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=UTF-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const postInfo = { title: 'Kitchen tour #small', privacy_level: 'SELF_ONLY' };

async function status(token: string, publishId: string) {
  return (await (await api(token, '/v2/post/publish/status/fetch/', { publish_id: publishId })).json()).data;
}

function put(uploadUrl: string, first: number, last: number, total: number) {
  const url = new URL(uploadUrl);
  return fetch(`${sandbox.url}/${url.host}${url.pathname}${url.search}`, {
    method: 'PUT',
    headers: { 'content-type': 'video/mp4', 'content-range': `bytes ${first}-${last}/${total}` },
    body: new Uint8Array(last - first + 1),
  });
}

describe('TikTok sandbox', () => {
  it('rotates refresh tokens and refuses a consumed one with invalid_request', async () => {
    const tokens = await connect();
    const next = await (
      await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    ).json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const reuse = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).error).toBe('invalid_request');
  });

  it('wraps responses in { data, error } and reads the user and the creator info', async () => {
    const { access_token } = await connect();
    const user = await (
      await api(
        access_token,
        '/v2/user/info/?fields=open_id,display_name,avatar_url,username',
        undefined,
        'GET',
      )
    ).json();
    expect(user.error.code).toBe('ok');
    expect(user.data.user).toMatchObject({ display_name: 'Jonah Tate', username: 'jonah.tate' });
    const creator = await (await api(access_token, '/v2/post/publish/creator_info/query/', {})).json();
    expect(creator.data.privacy_level_options).toContain('SELF_ONLY');
  });

  it('answers 401 access_token_invalid for an expired token', async () => {
    const { access_token } = await connect();
    await control(sandbox, '/expire-tokens', { platform: 'tiktok' });
    const res = await api(access_token, '/v2/post/publish/creator_info/query/', {});
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('access_token_invalid');
  });

  it('validates the chunk rules at init', async () => {
    const { access_token } = await connect();
    const init = (source: Record<string, unknown>) =>
      api(access_token, '/v2/post/publish/video/init/', {
        post_info: postInfo,
        source_info: { source: 'FILE_UPLOAD', ...source },
      });
    const wrongCount = await init({ video_size: 12 * MB, chunk_size: 5 * MB, total_chunk_count: 3 });
    expect(wrongCount.status).toBe(400);
    expect((await wrongCount.json()).error.code).toBe('invalid_params');
    const smallSplit = await init({ video_size: 4 * MB, chunk_size: 2 * MB, total_chunk_count: 2 });
    expect(smallSplit.status).toBe(400);
    const tooBigChunk = await init({ video_size: 200 * MB, chunk_size: 65 * MB, total_chunk_count: 3 });
    expect(tooBigChunk.status).toBe(400);
    const good = await init({ video_size: 3 * MB, chunk_size: 3 * MB, total_chunk_count: 1 });
    expect(good.status).toBe(200);
    const mismatch = await api(access_token, '/v2/post/publish/video/init/', {
      post_info: { ...postInfo, privacy_level: 'EVERYONE' },
      source_info: { source: 'FILE_UPLOAD', video_size: MB, chunk_size: MB, total_chunk_count: 1 },
    });
    expect((await mismatch.json()).error.code).toBe('privacy_level_option_mismatch');
  });

  it('takes chunks in order (206 then 201) and reports PROCESSING_UPLOAD then PUBLISH_COMPLETE with the post id', async () => {
    // The sandbox's clock moves only when this test advances it, however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { access_token } = await connect();
    const size = 12 * MB;
    const init = await api(access_token, '/v2/post/publish/video/init/', {
      post_info: postInfo,
      source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: 5 * MB, total_chunk_count: 2 },
    });
    const { data } = await init.json();
    expect(new URL(data.upload_url).host).toBe('open-upload.tiktokapis.com');
    expect((await put(data.upload_url, 5 * MB, size - 1, size)).status).toBe(416);
    expect((await put(data.upload_url, 0, 5 * MB - 1, size)).status).toBe(206);
    expect((await status(access_token, data.publish_id)).status).toBe('PROCESSING_UPLOAD');
    expect((await put(data.upload_url, 5 * MB, size - 1, size)).status).toBe(201);
    expect((await status(access_token, data.publish_id)).status).toBe('PROCESSING_UPLOAD');
    await control(sandbox, '/clock', { advanceMs: 250 });
    const done = await status(access_token, data.publish_id);
    expect(done.status).toBe('PUBLISH_COMPLETE');
    const postId = String(done.publicaly_available_post_id[0]);
    const published = await (await control(sandbox, '/published?platform=tiktok')).json();
    expect(published.posts[0]).toMatchObject({
      id: postId,
      text: postInfo.title,
      permalink: `https://www.tiktok.com/@jonah.tate/video/${postId}`,
    });
  });

  it('pulls photos from their URLs and fails with photo_pull_failed when one is unreachable', async () => {
    await control(sandbox, '/settings', { containerDelayMs: 0 });
    const { access_token } = await connect();
    const photo = (images: string[]) =>
      api(access_token, '/v2/post/publish/content/init/', {
        media_type: 'PHOTO',
        post_mode: 'DIRECT_POST',
        post_info: { title: 'Photos', description: 'Two photos', privacy_level: 'SELF_ONLY' },
        source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: images },
      });
    const good = (
      await (
        await photo([`${sandbox.url}/_sandbox/avatar/a.svg`, `${sandbox.url}/_sandbox/avatar/b.svg`])
      ).json()
    ).data;
    const bad = (
      await (await photo([`${sandbox.url}/_sandbox/avatar/a.svg`, 'http://127.0.0.1:9/missing.jpg'])).json()
    ).data;
    const settle = async (id: string) => {
      for (let i = 0; i < 100; i++) {
        const s = await status(access_token, id);
        if (s.status !== 'PROCESSING_DOWNLOAD') return s;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('pull did not settle');
    };
    expect(await settle(bad.publish_id)).toMatchObject({
      status: 'FAILED',
      fail_reason: 'photo_pull_failed',
    });
    const done = await settle(good.publish_id);
    expect(done.status).toBe('PUBLISH_COMPLETE');
    expect(done.downloaded_bytes).toBeGreaterThan(0);
  });

  it('allows 6 init calls per minute per token, then rate_limit_exceeded', async () => {
    const { access_token } = await connect();
    const init = () =>
      api(access_token, '/v2/post/publish/video/init/', {
        post_info: postInfo,
        source_info: { source: 'FILE_UPLOAD', video_size: MB, chunk_size: MB, total_chunk_count: 1 },
      });
    for (let i = 0; i < 6; i++) expect((await init()).status).toBe(200);
    const limited = await init();
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe('rate_limit_exceeded');
    await control(sandbox, '/clock', { advanceMs: 60_000 });
    expect((await init()).status).toBe(200);
  });
});
