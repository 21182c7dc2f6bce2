import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type RunningSandbox, startSandbox } from './sandbox-server.js';
import { control, followAuthorize, form } from './sandbox-testing.js';

let sandbox: RunningSandbox;
const redirectUri = 'http://localhost:5173/auth/linkedincallback';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 200 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, '/reset', {});
});

async function connect(): Promise<string> {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: 'li-client',
    redirect_uri: redirectUri,
    state: 'st',
    scope: 'openid profile email w_member_social',
  });
  const callback = await followAuthorize(`${sandbox.url}/www.linkedin.com/oauth/v2/authorization?${params}`);
  expect(callback.searchParams.get('state')).toBe('st');
  const res = await fetch(`${sandbox.url}/www.linkedin.com/oauth/v2/accessToken`, {
    method: 'POST',
    ...form({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      client_id: 'li-client',
      client_secret: 'li-secret',
    }),
  });
  const body = await res.json();
  expect(body).toMatchObject({ expires_in: 5_184_000 });
  expect(body.refresh_token).toBeUndefined();
  return body.access_token;
}

const now = new Date();
const CURRENT_VERSION = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
const SUNSET_VERSION = `${now.getUTCFullYear() - 2}01`;
const REST_HEADERS = { 'LinkedIn-Version': CURRENT_VERSION, 'X-Restli-Protocol-Version': '2.0.0' };

function rest(
  token: string,
  path: string,
  init: RequestInit = {},
  headers: Record<string, string> = REST_HEADERS,
) {
  return fetch(`${sandbox.url}/api.linkedin.com${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
  });
}

function post(token: string, extra: Record<string, unknown>) {
  return rest(token, '/rest/posts', {
    method: 'POST',
    body: JSON.stringify({
      author: 'urn:li:person:mQ7vX2pL9k',
      visibility: 'PUBLIC',
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      ...extra,
    }),
  });
}

describe('LinkedIn sandbox', () => {
  it('reads the member with /v2/userinfo', async () => {
    const token = await connect();
    const me = await (await rest(token, '/v2/userinfo')).json();
    expect(me).toMatchObject({
      sub: 'mQ7vX2pL9k',
      name: 'Maya Rahman',
      picture: `${sandbox.url}/_sandbox/avatar/linkedin.svg`,
    });
  });

  it('requires LinkedIn-Version and X-Restli-Protocol-Version on /rest calls', async () => {
    const token = await connect();
    const missing = await rest(
      token,
      '/rest/posts',
      { method: 'POST', body: '{}' },
      { 'X-Restli-Protocol-Version': '2.0.0' },
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      status: 400,
      code: 'VERSION_MISSING',
      serviceErrorCode: 400,
    });
    const sunset = await rest(
      token,
      '/rest/posts',
      { method: 'POST', body: '{}' },
      {
        'LinkedIn-Version': SUNSET_VERSION,
        'X-Restli-Protocol-Version': '2.0.0',
      },
    );
    expect(sunset.status).toBe(426);
    expect((await sunset.json()).code).toBe('NONEXISTENT_VERSION');
    const noRestli = await rest(
      token,
      '/rest/posts',
      { method: 'POST', body: '{}' },
      { 'LinkedIn-Version': CURRENT_VERSION },
    );
    expect(noRestli.status).toBe(400);
  });

  it('creates a post with 201, an empty body and the id in x-restli-id, and refuses a duplicate with 422', async () => {
    const token = await connect();
    const res = await post(token, { commentary: 'Launching today' });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
    const urn = res.headers.get('x-restli-id');
    expect(urn).toMatch(/^urn:li:share:\d+$/);
    const published = await (await control(sandbox, '/published?platform=linkedin')).json();
    expect(published.posts[0]).toMatchObject({
      id: urn,
      permalink: `https://www.linkedin.com/feed/update/${urn}`,
    });
    const dup = await post(token, { commentary: 'Launching today' });
    expect(dup.status).toBe(422);
    expect(JSON.stringify(await dup.json())).toContain('DUPLICATE');
    const long = await post(token, { commentary: 'x'.repeat(3001) });
    expect(long.status).toBe(422);
  });

  it('refuses a post for another author', async () => {
    const token = await connect();
    const res = await post(token, { author: 'urn:li:person:someoneElse', commentary: 'Hi' });
    expect(res.status).toBe(403);
  });

  it('moves a video WAITING_UPLOAD -> PROCESSING -> AVAILABLE and only then accepts it in a post', async () => {
    // The sandbox's clock moves only when this test advances it, however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const token = await connect();
    const size = 4 * 1024 * 1024 + 1000;
    const init = await rest(token, '/rest/videos?action=initializeUpload', {
      method: 'POST',
      body: JSON.stringify({
        initializeUploadRequest: { owner: 'urn:li:person:mQ7vX2pL9k', fileSizeBytes: size },
      }),
    });
    const { value } = await init.json();
    expect(value.uploadInstructions).toHaveLength(2);
    const status = async () =>
      (await (await rest(token, `/rest/videos/${encodeURIComponent(value.video)}`)).json()).status;
    expect(await status()).toBe('WAITING_UPLOAD');
    const etags: string[] = [];
    for (const part of value.uploadInstructions) {
      const url = new URL(part.uploadUrl);
      expect(url.origin).toBe('https://www.linkedin.com');
      const res = await fetch(`${sandbox.url}/${url.host}${url.pathname}${url.search}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array(part.lastByte - part.firstByte + 1),
      });
      expect(res.status).toBe(200);
      etags.push(res.headers.get('etag')!);
    }
    const wrong = await rest(token, '/rest/videos?action=finalizeUpload', {
      method: 'POST',
      body: JSON.stringify({
        finalizeUploadRequest: {
          video: value.video,
          uploadToken: value.uploadToken,
          uploadedPartIds: etags.reverse(),
        },
      }),
    });
    expect(wrong.status).toBe(400);
    const finalize = await rest(token, '/rest/videos?action=finalizeUpload', {
      method: 'POST',
      body: JSON.stringify({
        finalizeUploadRequest: {
          video: value.video,
          uploadToken: value.uploadToken,
          uploadedPartIds: etags.reverse(),
        },
      }),
    });
    expect(finalize.status).toBe(200);
    expect(await status()).toBe('PROCESSING');
    const early = await post(token, {
      commentary: 'Video',
      content: { media: { id: value.video, title: 'v' } },
    });
    expect(early.status).toBe(422);
    await control(sandbox, '/clock', { advanceMs: 250 });
    expect(await status()).toBe('AVAILABLE');
    const ok = await post(token, {
      commentary: 'Video',
      content: { media: { id: value.video, title: 'v' } },
    });
    expect(ok.status).toBe(201);
  });

  it('makes an uploaded image AVAILABLE and posts an article', async () => {
    const token = await connect();
    const init = await rest(token, '/rest/images?action=initializeUpload', {
      method: 'POST',
      body: JSON.stringify({ initializeUploadRequest: { owner: 'urn:li:person:mQ7vX2pL9k' } }),
    });
    const { value } = await init.json();
    const url = new URL(value.uploadUrl);
    const put = await fetch(`${sandbox.url}/${url.host}${url.pathname}${url.search}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body: new Uint8Array(500),
    });
    expect(put.status).toBe(201);
    const image = await post(token, { commentary: 'Photo', content: { media: { id: value.image } } });
    expect(image.status).toBe(201);
    const article = await post(token, {
      commentary: 'Read this',
      content: { article: { source: 'https://example.com/a', title: 'A' } },
    });
    expect(article.status).toBe(201);
  });

  it('answers 401 EXPIRED_ACCESS_TOKEN after the token expires', async () => {
    const token = await connect();
    await control(sandbox, '/expire-tokens', { platform: 'linkedin' });
    const res = await rest(token, '/v2/userinfo');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      serviceErrorCode: 65601,
      code: 'EXPIRED_ACCESS_TOKEN',
      status: 401,
    });
  });
});
