import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { type RunningSandbox, startSandbox } from './sandbox-server.js';
import { control, followAuthorize, form, pkcePair } from './sandbox-testing.js';

let sandbox: RunningSandbox;
const redirectUri = 'http://localhost:5173/auth/twitter/callback';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, autoApprove: true, containerDelayMs: 100 });
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await control(sandbox, '/reset', {});
});

async function xToken(): Promise<string> {
  const { verifier, challenge } = pkcePair();
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: 'c',
    redirect_uri: redirectUri,
    scope: 'tweet.read tweet.write users.read offline.access',
    state: 's',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const callback = await followAuthorize(`${sandbox.url}/x.com/i/oauth2/authorize?${params}`);
  const res = await fetch(`${sandbox.url}/api.x.com/2/oauth2/token`, {
    method: 'POST',
    ...form({
      grant_type: 'authorization_code',
      client_id: 'c',
      code: callback.searchParams.get('code')!,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  return (await res.json()).access_token;
}

function tweet(token: string, text: string, signal?: AbortSignal) {
  return fetch(`${sandbox.url}/api.x.com/2/tweets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
    signal,
  });
}

async function published(platform = 'twitter') {
  return (await (await control(sandbox, `/published?platform=${platform}`)).json()).posts as {
    text: string;
  }[];
}

describe('sandbox control API', () => {
  it('injects a status fault for the given number of matching calls, with its body and headers', async () => {
    const token = await xToken();
    const created = await control(sandbox, '/faults', {
      platform: 'x',
      method: 'post',
      path: '/api.x.com/2/tweets',
      kind: 'status',
      status: 503,
      body: { title: 'Service Unavailable' },
      headers: { 'retry-after': '7' },
      times: 2,
    });
    expect(created.status).toBe(201);
    expect((await created.json()).id).toEqual(expect.any(String));
    const first = await tweet(token, 'a');
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('7');
    expect(await first.json()).toEqual({ title: 'Service Unavailable' });
    expect((await tweet(token, 'b')).status).toBe(503);
    expect((await tweet(token, 'c')).status).toBe(201);
    expect((await published()).map((p) => p.text)).toEqual(['c']);
  });

  it('keeps a times: 0 fault until the faults are cleared, and leaves other platforms alone', async () => {
    const token = await xToken();
    await control(sandbox, '/faults', { platform: 'twitter', kind: 'status', status: 429, times: 0 });
    for (const text of ['a', 'b', 'c']) expect((await tweet(token, text)).status).toBe(429);
    const linkedin = await fetch(`${sandbox.url}/api.linkedin.com/v2/userinfo`);
    expect(linkedin.status).toBe(401);
    await control(sandbox, '/faults', undefined, 'DELETE');
    expect((await tweet(token, 'd')).status).toBe(201);
  });

  it('commits the post and then never answers for a committing timeout fault', async () => {
    const token = await xToken();
    await control(sandbox, '/faults', { pathSuffix: '/2/tweets', kind: 'timeout', commit: true });
    await expect(tweet(token, 'maybe published', AbortSignal.timeout(300))).rejects.toThrow();
    expect((await published()).map((p) => p.text)).toEqual(['maybe published']);
  });

  it('drops the connection for a reset fault, committing the post only when asked', async () => {
    const token = await xToken();
    await control(sandbox, '/faults', { pathSuffix: '/2/tweets', kind: 'reset' });
    await expect(tweet(token, 'lost')).rejects.toThrow();
    await control(sandbox, '/faults', { pathSuffix: '/2/tweets', kind: 'reset', commit: true });
    await expect(tweet(token, 'kept')).rejects.toThrow();
    expect((await published()).map((p) => p.text)).toEqual(['kept']);
  });

  it('refuses an unknown fault kind', async () => {
    const res = await control(sandbox, '/faults', { kind: 'explode' });
    expect(res.status).toBe(400);
  });

  it('logs requests with platform and status, filtered by platform and plain path prefix', async () => {
    const token = await xToken();
    await tweet(token, 'logged');
    await fetch(`${sandbox.url}/api.linkedin.com/v2/userinfo`);
    const x = (await (await control(sandbox, '/requests?platform=x&pathPrefix=/api.x.com/2/tw')).json())
      .requests;
    expect(x).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api.x.com/2/tweets',
        platform: 'twitter',
        status: 201,
      }),
    ]);
    const li = (await (await control(sandbox, '/requests?platform=linkedin')).json()).requests;
    expect(li).toEqual([expect.objectContaining({ status: 401, platform: 'linkedin' })]);
  });

  it('expires the access tokens of one platform only', async () => {
    const token = await xToken();
    const res = await control(sandbox, '/expire-tokens', { platform: 'linkedin' });
    expect(await res.json()).toEqual({ expired: 0 });
    expect((await tweet(token, 'still fine')).status).toBe(201);
    await control(sandbox, '/expire-tokens', { platform: 'twitter' });
    expect((await tweet(token, 'now expired')).status).toBe(401);
  });

  it('forgets tokens and posts on reset', async () => {
    const token = await xToken();
    await tweet(token, 'before reset');
    await control(sandbox, '/reset', {});
    expect(await published()).toEqual([]);
    expect((await tweet(token, 'after reset')).status).toBe(401);
  });

  it('shows published posts newest first on /_sandbox and serves the demo avatars', async () => {
    const token = await xToken();
    await tweet(token, 'older post');
    await tweet(token, 'newer post');
    const html = await (await fetch(`${sandbox.url}/_sandbox`)).text();
    expect(html.indexOf('newer post')).toBeLessThan(html.indexOf('older post'));
    expect(html).toContain('Ava Rivers');
    const avatar = await fetch(`${sandbox.url}/_sandbox/avatar/twitter.svg`);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
  });

  // How fast it takes them in is bench:publish's business (its floor line), not a test's.
  it('takes 2,000 posts sent at once when rate limits are off', async () => {
    await control(sandbox, '/settings', { rateLimits: false });
    const token = await xToken();
    // All 2,000 are issued at once, over a pool of fresh connections of its own: 2,000 new sockets
    // at once, or one the server is closing as idle, can be reset on a loaded machine.
    const agent = new Agent({ connections: 100 });
    onTestFinished(() => agent.close());
    const results = await Promise.all(
      Array.from({ length: 2000 }, (_, i) =>
        undiciFetch(`${sandbox.url}/api.x.com/2/tweets`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: `bench ${i}` }),
          dispatcher: agent,
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect((await published()).length).toBe(2000);
    // A loaded machine (other test files at once) can take many times the usual second or two.
  }, 120_000);

  it('lets nobody without the secret use the control API, not even to reset the demo tokens', async () => {
    const token = await xToken();
    const calls: Array<[string, string]> = [
      ['POST', '/reset'],
      ['POST', '/faults'],
      ['GET', '/requests'],
      ['GET', '/published'],
      ['POST', '/expire-tokens'],
      ['POST', '/clock'],
    ];
    for (const [method, path] of calls) {
      const anonymous = await fetch(`${sandbox.url}/_control${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const wrong = await control(
        { url: sandbox.url, controlSecret: 'guessed' },
        path,
        method === 'POST' ? {} : undefined,
        method,
      );
      expect(wrong.status, `${method} ${path} with a wrong secret`).toBe(401);
    }
    expect((await tweet(token, 'still signed in')).status).toBe(201);
  });

  it('refuses a regular expression from the control API, so a pattern cannot stall the process', async () => {
    // A catastrophic-backtracking pattern: with RegExp matching, one request would take minutes.
    const evil = { kind: 'status', status: 500, pathPattern: '^(a+)+$' };
    const res = await control(sandbox, '/faults', evil);
    expect(res.status).toBe(400);
    expect((await control(sandbox, '/requests?pathPattern=%5E(a%2B)%2B%24')).status).toBe(400);
    // Nothing was stored that a later request would be matched against.
    const faults = (await (await control(sandbox, '/faults')).json()) as { faults: unknown[] };
    expect(faults.faults).toEqual([]);
    expect((await fetch(`${sandbox.url}/${'a'.repeat(40)}!`)).status).toBe(404);
  });

  it('never lets a fault set a cookie or serve a page', async () => {
    const token = await xToken();
    await control(sandbox, '/faults', {
      platform: 'x',
      kind: 'status',
      status: 200,
      body: '<script>document.cookie</script>',
      headers: {
        'set-cookie': 'postloom_session=attacker; Path=/',
        'content-type': 'text/html',
        'retry-after': '3',
      },
    });
    const res = await tweet(token, 'x');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('retry-after')).toBe('3');
  });

  it('listens on the loopback interface only by default', async () => {
    expect(sandbox.address).toBe('127.0.0.1');
  });
});
