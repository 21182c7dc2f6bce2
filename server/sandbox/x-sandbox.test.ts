import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { type RunningSandbox, startSandbox } from './sandbox-server.js';
import { control, followAuthorize, form, pkcePair } from './sandbox-testing.js';

let sandbox: RunningSandbox;
const redirectUri = 'http://localhost:5173/auth/twitter/callback';
const scope = 'tweet.read tweet.write users.read offline.access media.write';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 300 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, '/reset', {});
  await control(sandbox, '/settings', { autoApprove: true, containerDelayMs: 300 });
});

function authorizeUrl(challenge: string, state = 'st-1') {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: 'client-x',
    redirect_uri: redirectUri,
    scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${sandbox.url}/x.com/i/oauth2/authorize?${params}`;
}

async function tokenRequest(values: Record<string, string>, secret = 'secret-x') {
  const basic = Buffer.from(`client-x:${secret}`).toString('base64');
  const request = form(values);
  return fetch(`${sandbox.url}/api.x.com/2/oauth2/token`, {
    method: 'POST',
    headers: { ...request.headers, authorization: `Basic ${basic}` },
    body: request.body,
  });
}

async function connect(): Promise<{ access_token: string; refresh_token: string; expires_in: number }> {
  const { verifier, challenge } = pkcePair();
  const callback = await followAuthorize(authorizeUrl(challenge));
  const res = await tokenRequest({
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code')!,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  expect(res.status).toBe(200);
  return res.json();
}

function api(token: string, path: string, init: RequestInit = {}) {
  return fetch(`${sandbox.url}/api.x.com${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
}

describe('X OAuth 2.0 with PKCE', () => {
  it('shows a consent page with the client id, scopes and Approve and Cancel buttons', async () => {
    await control(sandbox, '/settings', { autoApprove: false });
    const { challenge } = pkcePair();
    const page = await fetch(authorizeUrl(challenge));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('client-x');
    expect(html).toContain('tweet.write');
    expect(html).toContain('@avarivers');
    expect(html).toContain('>Approve<');
    expect(html).toContain('>Cancel<');
    const action = /action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    const cancel = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      ...form({ decision: 'cancel' }),
    });
    const location = new URL(cancel.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-1');
  });

  it('redirects back with the code and state, and exchanges the code once for 2-hour tokens', async () => {
    const { verifier, challenge } = pkcePair();
    const callback = await followAuthorize(authorizeUrl(challenge, 'abc'));
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe('abc');
    const code = callback.searchParams.get('code')!;
    const values = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    };
    const first = await tokenRequest(values);
    const tokens = await first.json();
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 7200, scope });
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const replay = await tokenRequest(values);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_request');
  });

  it('refuses a wrong code verifier, an authorize request without PKCE and a code older than 30 seconds', async () => {
    const { challenge } = pkcePair();
    const callback = await followAuthorize(authorizeUrl(challenge));
    const wrong = await tokenRequest({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: pkcePair().verifier,
    });
    expect(wrong.status).toBe(400);

    const noPkce = await fetch(
      `${sandbox.url}/x.com/i/oauth2/authorize?response_type=code&client_id=client-x&redirect_uri=${encodeURIComponent(redirectUri)}&state=s`,
      { redirect: 'manual' },
    );
    expect(noPkce.status).toBe(400);

    const pair = pkcePair();
    const late = await followAuthorize(authorizeUrl(pair.challenge));
    await control(sandbox, '/clock', { advanceMs: 31_000 });
    const expired = await tokenRequest({
      grant_type: 'authorization_code',
      code: late.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: pair.verifier,
    });
    expect(expired.status).toBe(400);
  });

  it('rotates refresh tokens and refuses the old one afterwards', async () => {
    const tokens = await connect();
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    const next = await refreshed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const reuse = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).error).toBe('invalid_request');
    const again = await tokenRequest({ grant_type: 'refresh_token', refresh_token: next.refresh_token });
    expect(again.status).toBe(200);
  });

  it('refuses a different secret for a client it has seen', async () => {
    await connect();
    const res = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'x' }, 'another-secret');
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('invalid_client');
  });

  it('answers 401 problem+json once the access token expires, until it is refreshed', async () => {
    const tokens = await connect();
    expect((await api(tokens.access_token, '/2/users/me')).status).toBe(200);
    await control(sandbox, '/clock', { advanceMs: 7_200_000 });
    const expired = await api(tokens.access_token, '/2/users/me');
    expect(expired.status).toBe(401);
    expect(expired.headers.get('content-type')).toContain('application/problem+json');
    const refreshed = await (
      await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
    ).json();
    const me = await api(refreshed.access_token, '/2/users/me?user.fields=profile_image_url');
    const body = await me.json();
    expect(body.data).toMatchObject({ username: 'avarivers', name: 'Ava Rivers' });
    expect(body.data.profile_image_url).toBe(`${sandbox.url}/_sandbox/avatar/twitter.svg`);
  });
});

describe('X posts', () => {
  it('creates a post with 201 { data: { id, text } } and lists it as published', async () => {
    const { access_token } = await connect();
    const res = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'Hello 🌍' }),
    });
    expect(res.status).toBe(201);
    const { data } = await res.json();
    expect(data.text).toBe('Hello 🌍');
    expect(res.headers.get('x-rate-limit-limit')).toBe('100');
    const published = await (await control(sandbox, '/published?platform=twitter')).json();
    expect(published.posts).toEqual([
      expect.objectContaining({
        id: data.id,
        text: 'Hello 🌍',
        permalink: `https://x.com/avarivers/status/${data.id}`,
      }),
    ]);
    const page = await fetch(`${sandbox.url}/x.com/avarivers/status/${data.id}`);
    expect(await page.text()).toContain('Hello 🌍');
  });

  it('refuses text over 280 weighted characters but accepts exactly 280', async () => {
    const { access_token } = await connect();
    const ok = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'a'.repeat(280) }),
    });
    expect(ok.status).toBe(201);
    // CJK characters weigh 2: 141 of them are 282.
    const long = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: '字'.repeat(141) }),
    });
    expect(long.status).toBe(403);
    expect((await long.json()).detail).toContain('too long');
  });

  it('refuses duplicate text with 403 and the duplicate-content message', async () => {
    const { access_token } = await connect();
    const body = JSON.stringify({ text: 'Same words' });
    expect((await api(access_token, '/2/tweets', { method: 'POST', body })).status).toBe(201);
    const dup = await api(access_token, '/2/tweets', { method: 'POST', body });
    expect(dup.status).toBe(403);
    expect((await dup.json()).detail).toBe('You are not allowed to create a Tweet with duplicate content.');
  });

  it('chains replies and refuses a reply to an unknown post', async () => {
    const { access_token } = await connect();
    const first = (
      await (
        await api(access_token, '/2/tweets', { method: 'POST', body: JSON.stringify({ text: '1/2' }) })
      ).json()
    ).data;
    const reply = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: '2/2', reply: { in_reply_to_tweet_id: first.id } }),
    });
    expect(reply.status).toBe(201);
    const published = await (await control(sandbox, '/published')).json();
    expect(published.posts[1].replyToId).toBe(first.id);
    const orphan = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'lost', reply: { in_reply_to_tweet_id: '123' } }),
    });
    expect(orphan.status).toBe(403);
  });

  it('answers 429 with rate-limit headers after 100 posts in 15 minutes', async () => {
    const { access_token } = await connect();
    for (let i = 0; i < 100; i++) {
      const res = await api(access_token, '/2/tweets', {
        method: 'POST',
        body: JSON.stringify({ text: `post ${i}` }),
      });
      expect(res.status).toBe(201);
    }
    const limited = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'one more' }),
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(Number(limited.headers.get('x-rate-limit-reset'))).toBeGreaterThan(Date.now() / 1000);
    await control(sandbox, '/clock', { advanceMs: 15 * 60 * 1000 });
    const later = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'one more' }),
    });
    expect(later.status).toBe(201);
  });
});

describe('X media', () => {
  async function uploadVideo(token: string, size: number, chunk: number) {
    const init = await api(token, '/2/media/upload/initialize', {
      method: 'POST',
      body: JSON.stringify({ media_type: 'video/mp4', total_bytes: size, media_category: 'tweet_video' }),
    });
    const { data } = await init.json();
    for (let offset = 0, index = 0; offset < size; offset += chunk, index++) {
      const body = new FormData();
      body.set('segment_index', String(index));
      body.set('media', new Blob([new Uint8Array(Math.min(chunk, size - offset))]), 'chunk');
      const res = await fetch(`${sandbox.url}/api.x.com/2/media/upload/${data.id}/append`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body,
      });
      expect(res.status).toBe(200);
    }
    return data.id as string;
  }

  it('processes a video pending -> in_progress -> succeeded and only then lets it be posted', async () => {
    // The sandbox's clock moves only when this test advances it, however slow the machine is.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { access_token } = await connect();
    const id = await uploadVideo(access_token, 2_500_000, 1_000_000);
    const finalize = await (
      await api(access_token, `/2/media/upload/${id}/finalize`, { method: 'POST' })
    ).json();
    expect(finalize.data.processing_info.state).toBe('pending');
    const early = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'video', media: { media_ids: [id] } }),
    });
    expect(early.status).toBe(400);
    await control(sandbox, '/clock', { advanceMs: 150 });
    const status = await (await api(access_token, `/2/media/upload?command=STATUS&media_id=${id}`)).json();
    expect(status.data.processing_info.state).toBe('in_progress');
    await control(sandbox, '/clock', { advanceMs: 200 });
    const done = await (await api(access_token, `/2/media/upload?command=STATUS&media_id=${id}`)).json();
    expect(done.data.processing_info.state).toBe('succeeded');
    const post = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'video', media: { media_ids: [id] } }),
    });
    expect(post.status).toBe(201);
    const published = await (await control(sandbox, '/published?platform=x')).json();
    expect(published.posts[0]).toMatchObject({ type: 'video', media: [{ kind: 'video', bytes: 2_500_000 }] });
  });

  it('refuses a finalize whose segments do not add up to total_bytes', async () => {
    const { access_token } = await connect();
    const init = await api(access_token, '/2/media/upload/initialize', {
      method: 'POST',
      body: JSON.stringify({ media_type: 'video/mp4', total_bytes: 5000, media_category: 'tweet_video' }),
    });
    const { data } = await init.json();
    const res = await api(access_token, `/2/media/upload/${data.id}/finalize`, { method: 'POST' });
    expect(res.status).toBe(400);
  });

  it('uploads images in one request and refuses more than 4 media ids', async () => {
    const { access_token } = await connect();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const body = new FormData();
      body.set('media_category', 'tweet_image');
      body.set('media', new Blob([new Uint8Array(2048)], { type: 'image/png' }), 'a.png');
      const res = await fetch(`${sandbox.url}/api.x.com/2/media/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access_token}` },
        body,
      });
      const json = await res.json();
      expect(json.data.processing_info).toBeUndefined();
      ids.push(json.data.id);
    }
    const five = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'five', media: { media_ids: ids } }),
    });
    expect(five.status).toBe(400);
    expect(JSON.stringify(await five.json())).toContain('maximum of 4 items');
    const four = await api(access_token, '/2/tweets', {
      method: 'POST',
      body: JSON.stringify({ text: 'four', media: { media_ids: ids.slice(0, 4) } }),
    });
    expect(four.status).toBe(201);
  });
});
