import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { preconnect } from './platform-connections.js';
import { createPlatformHttp } from './platform-http.js';

/** A stand-in platform on loopback that counts its connections and echoes what it was sent. */
let server: http.Server;
let connections = 0;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // Never answers: the caller has to give up on it.
    if (req.url?.startsWith('/api.x.com/hang')) return;
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.writeHead(req.url?.startsWith('/api.x.com/missing') ? 404 : 201, {
        'content-type': 'application/json',
        'x-restli-id': 'urn:li:share:1',
        'x-twice': ['a', 'b'],
      });
      res.end(JSON.stringify({ method: req.method, path: req.url, body, auth: req.headers.authorization }));
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const config = (env: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    SANDBOX_URL: base,
    APP_URL: 'http://localhost:3000',
    DATA_DIR: '/tmp',
    ...env,
  });

describe('platform requests', () => {
  it('sends a prepared request and reads status, headers and body back', async () => {
    const platformHttp = createPlatformHttp(config(), 'twitter');
    const { body, response } = await platformHttp.json<{
      method: string;
      path: string;
      body: string;
      auth: string;
    }>('https://api.x.com/2/tweets?x=1', {
      method: 'POST',
      headers: { Authorization: 'Bearer t' },
      body: JSON.stringify({ text: 'hi' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Restli-Id')).toBe('urn:li:share:1');
    expect(response.headers.get('x-twice')).toBe('a, b');
    expect(response.headers.get('x-absent')).toBeNull();
    expect(body).toEqual({
      method: 'POST',
      path: '/api.x.com/2/tweets?x=1',
      body: '{"text":"hi"}',
      auth: 'Bearer t',
    });
  });

  it('gives up on a request in flight when the attempt is aborted, as an unknown outcome for a commit', async () => {
    const controller = new AbortController();
    const platformHttp = createPlatformHttp(config(), 'twitter', controller.signal);
    const pending = platformHttp.request('https://api.x.com/hang', {
      method: 'POST',
      body: '{}',
      commit: true,
    });
    setTimeout(() => controller.abort(new Error('Postloom is shutting down')), 50);
    await expect(pending).rejects.toMatchObject({ kind: 'unknown' });
  });

  it("classifies a refusal with the adapter's message", async () => {
    const platformHttp = createPlatformHttp(config(), 'twitter');
    await expect(
      platformHttp.request('https://api.x.com/missing', { mapError: (status) => `refused with ${status}` }),
    ).rejects.toMatchObject({ kind: 'permanent', message: 'refused with 404', httpStatus: 404 });
  });

  it('runs a burst on the PUBLISH_BURST_CONNECTIONS opened ahead of it, opening none at its moment', async () => {
    const earlier = connections;
    const bounded = config({ PUBLISH_BURST_CONNECTIONS: '2' });
    await preconnect(bounded, 'linkedin', 5);
    // This process is also the server: let it accept them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = connections;
    expect(before - earlier).toBe(2);
    const platformHttp = createPlatformHttp(bounded, 'linkedin');
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        platformHttp.request(`https://api.linkedin.com/rest/posts?n=${index}`, {
          method: 'POST',
          body: '{}',
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[0]?.headers.get('x-restli-id')).toBe('urn:li:share:1');
    expect(connections).toBe(before);
    // The posts' next calls go on the same connections.
    const next = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        platformHttp.json<{ path: string }>(`https://api.linkedin.com/rest/next?n=${index}`),
      ),
    );
    expect(next.map(({ body }) => body.path)).toEqual(
      [0, 1, 2, 3, 4].map((index) => `/api.linkedin.com/rest/next?n=${index}`),
    );
    expect(connections).toBe(before);
  });

  it('holds the first request at the gate fully built, and sends it when the gate says', async () => {
    let release: (() => void) | null = null;
    const seen: boolean[] = [];
    const platformHttp = createPlatformHttp(config(), 'twitter', undefined, {
      firstRequestGate: (commit, send) => {
        seen.push(commit);
        return new Promise((resolve) => {
          release = () => resolve(send());
        });
      },
    });
    const pending = platformHttp.request('https://api.x.com/2/tweets', {
      method: 'POST',
      body: '{}',
      commit: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toEqual([true]);
    expect(release).not.toBeNull();
    (release as unknown as () => void)();
    expect((await pending).status).toBe(201);
  });
});
