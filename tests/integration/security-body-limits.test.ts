import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createServedTestApp,
  imageBytes,
  type ServedApp,
  signedInUser,
} from '../support/publishing-support.js';
import { type RunningServer, startServer } from '../support/spawn-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp | ServedApp | undefined;
let server: RunningServer | undefined;
afterEach(async () => {
  await t?.close();
  await server?.stop();
  t = undefined;
  server = undefined;
});

const KB = 1024;

function jsonOfSize(bytes: number): string {
  return JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bytes) });
}

describe('body size limits on every JSON route', () => {
  it('a 2 MB body to sign-in is refused with 413 before it is read', async () => {
    t = await createTestApp();
    const res = await t.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: jsonOfSize(2 * 1024 * KB),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      code: 'payload_too_large',
      message: 'The request is too large (at most 64 KB).',
    });
  });

  it('a chunked body is counted as it arrives and refused past the cap', async () => {
    t = await createTestApp();
    const chunk = new TextEncoder().encode('x'.repeat(16 * KB));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 64) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await t.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    // It stopped reading soon after the cap, not at the end of the 1 MB stream.
    expect(sent).toBeLessThan(16);
  });

  it('routes other than auth and posts are capped too, and posts at 1 MB', async () => {
    t = await createTestApp();
    const settings = await t.request('/api/settings/preferences', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ timezone: 'x'.repeat(100 * KB) }),
    });
    expect(settings.status).toBe(413);
    const posts = await t.request('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(1100 * KB) }),
    });
    expect(posts.status).toBe(413);
    const smallPost = await t.request('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'x'.repeat(900 * KB) }),
    });
    // Not a size refusal: it reaches the route (which wants a session).
    expect(smallPost.status).toBe(401);
  });

  it("twenty 2 MB bodies sent to sign-in at once do not grow the server's memory by 16 MB", async () => {
    server = await startServer({ SCHEDULER: 'off', SANDBOX_URL: 'http://127.0.0.1:9' });
    const rss = () => {
      const status = fs.readFileSync(`/proc/${server?.process.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * KB;
    };
    const body = Buffer.from(jsonOfSize(2 * 1024 * KB));
    const send = () => postStatus(`${server?.url}/api/auth/login`, body);
    // Warm up (JIT, buffers), then measure. Bodies that were read would need 40 MB at least;
    // the margin leaves room for the collector's timing and the twenty connections' buffers
    // (a loaded machine measured 10.5 MB).
    for (let i = 0; i < 5; i++) expect(await send()).toBe(413);
    const before = rss();
    const statuses = await Promise.all(Array.from({ length: 20 }, send));
    expect(statuses.every((status) => status === 413)).toBe(true);
    expect(rss() - before).toBeLessThan(16 * 1024 * KB);
  });
});

describe('an aborted upload', () => {
  it('ends the parser, closes the file and deletes the partial file', async () => {
    const served = await createServedTestApp();
    t = served;
    const user = await signedInUser(served);
    const boundary = '----postloom-abort';
    const image = await imageBytes('jpeg', 64, 48);
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="platform"\r\n\r\nlinkedin\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    const { port } = new URL(served.url);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /api/media HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${user.cookie}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${50 * 1024 * KB}\r\n\r\n`,
    );
    socket.write(head);
    socket.write(image);
    for (let i = 0; i < 16; i++) socket.write(Buffer.alloc(64 * KB, 7));

    const mediaDir = path.join(served.dataDir, 'media', user.id);
    const partialFiles = () => (fs.existsSync(mediaDir) ? fs.readdirSync(mediaDir) : []);
    const openHandles = () =>
      fs
        .readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.startsWith(mediaDir));
    await waitFor(() => partialFiles().length === 1);
    expect(openHandles()).toHaveLength(1);

    socket.destroy();
    await waitFor(() => partialFiles().length === 0 && openHandles().length === 0);
    expect(partialFiles()).toEqual([]);
    expect(openHandles()).toEqual([]);
    const rows = await served.deps.db.selectFrom('media').selectAll().execute();
    expect(rows).toEqual([]);
  });
});

/**
 * The status of a POST, read as soon as it arrives: the server answers 413 without reading the
 * body and closes the connection, which a fetch that is still sending reports as an error.
 */
function postStatus(url: string, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      agent: false,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': body.length },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => setTimeout(() => reject(error), 200));
    request.end(body);
  });
}

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}
