import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeRequest, WarmConnection } from './http1-exchange.js';

/**
 * A stand-in platform that answers each request line with the bytes scripted for its path,
 * written in the pieces given (so answers arrive split at awkward places).
 */
const scripts: Record<string, Array<string | { wait: number }>> = {
  '/length': [
    'HTTP/1.1 201 Created\r\ncontent-type: application/json\r\nx-restli-id: urn:li:share:7\r\n',
    'content-length: 10\r\n\r\n{"id":',
    '"7"}',
  ],
  '/chunked': [
    'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5;ext=1\r\nhel',
    'lo\r\n',
    '6\r\n world\r\n0\r\nx-trailer: 1\r\n\r\n',
  ],
  '/interim': [
    'HTTP/1.1 103 Early Hints\r\nlink: </a>\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok',
  ],
  '/until-close': ['HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\nall of ', 'it', 'CLOSE'],
  '/close-header': ['HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\nok'],
  '/no-content': ['HTTP/1.1 204 No Content\r\nx-a: 1\r\nx-a: 2\r\n\r\n'],
  '/cut': ['HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc', 'CLOSE'],
  '/extra': ['HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nokHTTP/1.1 200 OK\r\n'],
  '/garbage': ['SMTP ready\r\n\r\n'],
  '/mixed-case': ['HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: Close\r\n\r\nok'],
  // Bytes above 127 in the head and the chunks (UTF-8 here): the body is counted in bytes.
  '/non-ascii': [
    'HTTP/1.1 200 OK\r\nx-name: Zoë\r\ntransfer-encoding: chunked\r\n\r\n3\r\né!\r\n',
    '5\r\n€, \r\n0\r\n\r\n',
  ],
  '/two-lengths': ['HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\nokk'],
  '/hang': [],
  '/slow': [{ wait: 30 }, 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'],
  // Eight bytes 30 ms apart: longer in all than the test's timeout, never that long between two.
  '/trickle': [
    'HTTP/1.1 200 OK\r\ncontent-length: 8\r\n\r\n',
    ...[...'trickled'].flatMap((byte) => [{ wait: 30 }, byte]),
  ],
  '/keep-alive-5': ['HTTP/1.1 200 OK\r\nkeep-alive: timeout=5\r\ncontent-length: 0\r\n\r\n'],
  '/keep-alive-1': ['HTTP/1.1 200 OK\r\nkeep-alive: timeout=1\r\ncontent-length: 0\r\n\r\n'],
};

let server: net.Server;
let port = 0;
const received: string[] = [];

beforeAll(async () => {
  server = net.createServer((socket) => {
    let buffered = '';
    socket.on('data', async (chunk) => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, end))?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      received.push(buffered);
      const path = buffered.split(' ')[1] ?? '';
      buffered = '';
      for (const piece of scripts[path] ?? []) {
        if (typeof piece === 'object') await new Promise((resolve) => setTimeout(resolve, piece.wait));
        else if (piece === 'CLOSE') socket.end();
        else socket.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function connect(): Promise<net.Socket> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
  });
}

async function send(
  path: string,
  options: { method?: string; timeoutMs?: number; abortAfterMs?: number } = {},
) {
  const socket = await connect();
  const method = options.method ?? 'POST';
  const bytes = serializeRequest({
    host: `127.0.0.1:${port}`,
    method,
    path,
    headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    body: method === 'POST' ? '{"text":"hi"}' : undefined,
  });
  const answer = new WarmConnection(socket, 30_000).send(bytes, {
    method,
    timeoutMs: options.timeoutMs ?? 2000,
    onAbort: (abort) => {
      if (options.abortAfterMs !== undefined)
        setTimeout(() => abort(new Error('stopped')), options.abortAfterMs);
    },
  });
  return { socket, answer };
}

describe('a request written as bytes on an open connection', () => {
  it('writes the request line, host, headers, length and body', () => {
    const bytes = serializeRequest({
      host: 'api.x.com',
      method: 'POST',
      path: '/2/tweets?a=1',
      headers: { authorization: 'Bearer t', 'content-length': '99', host: 'evil' },
      body: '{"text":"é"}',
    });
    expect(bytes.toString('utf8')).toBe(
      'POST /2/tweets?a=1 HTTP/1.1\r\nhost: api.x.com\r\nauthorization: Bearer t\r\ncontent-length: 13\r\n\r\n{"text":"é"}',
    );
  });

  it('refuses a header a server could read as two', () => {
    const request = { host: 'api.x.com', method: 'GET', path: '/', body: undefined };
    expect(() =>
      serializeRequest({ ...request, headers: { authorization: 'Bearer t\r\nx-evil: 1' } }),
    ).toThrow();
    expect(() => serializeRequest({ ...request, headers: { 'bad name': 'x' } })).toThrow();
    expect(() => serializeRequest({ ...request, path: '/a b', headers: {} })).toThrow();
  });

  it('is understood by a real HTTP server', async () => {
    const real = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => res.end(JSON.stringify({ url: req.url, auth: req.headers.authorization, body })));
    });
    await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve));
    const realPort = (real.address() as AddressInfo).port;
    const socket = await new Promise<net.Socket>((resolve) => {
      const s = net.connect(realPort, '127.0.0.1', () => resolve(s));
    });
    const bytes = serializeRequest({
      host: `127.0.0.1:${realPort}`,
      method: 'POST',
      path: '/x?y=1',
      headers: { authorization: 'Bearer t' },
      body: '{"a":1}',
    });
    const answer = await new WarmConnection(socket, 2000).send(bytes, {
      method: 'POST',
      timeoutMs: 2000,
      onAbort: () => undefined,
    });
    expect(answer.status).toBe(200);
    expect(answer.reusable).toBe(true);
    expect(JSON.parse(answer.body.toString())).toEqual({ url: '/x?y=1', auth: 'Bearer t', body: '{"a":1}' });
    socket.destroy();
    real.closeAllConnections();
    await new Promise<void>((resolve) => real.close(() => resolve()));
  });

  it('reads an answer delimited by its length, arriving in pieces, and keeps the connection', async () => {
    const { socket, answer } = await send('/length');
    const result = await answer;
    expect(result.status).toBe(201);
    expect(result.header('X-Restli-Id')).toBe('urn:li:share:7');
    expect(result.header('x-absent')).toBeNull();
    expect(result.body.toString()).toBe('{"id":"7"}');
    expect(result.reusable).toBe(true);
    expect(socket.destroyed).toBe(false);
    expect(received.at(-1)).toContain('authorization: Bearer t\r\n');
    socket.destroy();
  });

  it('reads a chunked answer with extensions and trailers', async () => {
    const { socket, answer } = await send('/chunked');
    const result = await answer;
    expect(result.body.toString()).toBe('hello world');
    expect(result.reusable).toBe(true);
    socket.destroy();
  });

  it('skips an interim answer', async () => {
    const { socket, answer } = await send('/interim');
    const result = await answer;
    expect(result.status).toBe(200);
    expect(result.body.toString()).toBe('ok');
    expect(result.header('link')).toBeNull();
    socket.destroy();
  });

  it('reads an answer without length until the connection ends, and does not keep it', async () => {
    const { answer } = await send('/until-close');
    const result = await answer;
    expect(result.body.toString()).toBe('all of it');
    expect(result.reusable).toBe(false);
  });

  it('does not keep a connection the server closes, nor one with bytes after the answer', async () => {
    const closing = await (await send('/close-header')).answer;
    expect(closing.reusable).toBe(false);
    const extra = await (await send('/extra')).answer;
    expect(extra.body.toString()).toBe('ok');
    expect(extra.reusable).toBe(false);
  });

  it('reads no body after a 204 or a HEAD request, and joins repeated headers', async () => {
    const { socket, answer } = await send('/no-content');
    const result = await answer;
    expect(result.status).toBe(204);
    expect(result.body.length).toBe(0);
    expect(result.header('x-a')).toBe('1, 2');
    socket.destroy();
    const head = await send('/length', { method: 'HEAD' });
    expect((await head.answer).body.length).toBe(0);
    head.socket.destroy();
  });

  it('fails with a socket error when the connection closes before the answer is complete', async () => {
    const { socket, answer } = await send('/cut');
    await expect(answer).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
    expect(socket.destroyed).toBe(true);
  });

  it('fails on an answer that is not HTTP, or whose length is ambiguous', async () => {
    await expect((await send('/garbage')).answer).rejects.toThrow('Malformed answer');
    await expect((await send('/two-lengths')).answer).rejects.toThrow('Malformed Content-Length');
  });

  it('counts the body in bytes after a head and chunks with bytes above 127', async () => {
    const { socket, answer } = await send('/non-ascii');
    const result = await answer;
    expect(result.body.toString()).toBe('é!€, ');
    expect(result.header('x-name')).toBe(Buffer.from('Zoë').toString('latin1'));
    expect(result.reusable).toBe(true);
    socket.destroy();
  });

  it('reads the framing headers whatever their case', async () => {
    const result = await (await send('/mixed-case')).answer;
    expect(result.body.toString()).toBe('ok');
    expect(result.reusable).toBe(false);
    expect(result.header('content-length')).toBe('2');
  });

  it('gives up when nothing arrives in time, and when aborted', async () => {
    const timedOut = await send('/hang', { timeoutMs: 50 });
    await expect(timedOut.answer).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(timedOut.socket.destroyed).toBe(true);
    const aborted = await send('/hang', { abortAfterMs: 20 });
    await expect(aborted.answer).rejects.toThrow('stopped');
    expect(aborted.socket.destroyed).toBe(true);
    const slow = await send('/slow', { timeoutMs: 1000 });
    expect((await slow.answer).status).toBe(200);
    slow.socket.destroy();
  });
});

describe('a connection opened ahead of a burst', () => {
  const request = (path: string) =>
    serializeRequest({ host: 'x', method: 'POST', path, headers: {}, body: '{}' });
  const options = { method: 'POST', timeoutMs: 30_000, onAbort: () => undefined };

  it('carries requests one after another, never two at once', async () => {
    const connection = new WarmConnection(await connect(), 30_000);
    expect(connection.isIdle).toBe(true);
    const first = connection.send(request('/length'), options);
    expect(connection.isIdle).toBe(false);
    await expect(connection.send(request('/length'), options)).rejects.toThrow('busy or closed');
    expect((await first).status).toBe(201);
    expect(connection.isIdle).toBe(true);
    expect((await connection.send(request('/no-content'), options)).status).toBe(204);
    connection.close();
    expect(connection.isIdle).toBe(false);
    expect(connection.socket.destroyed).toBe(true);
  });

  it('offers itself for the next request once an answer is read, before that answer is handed on', async () => {
    const connection = new WarmConnection(await connect(), 30_000);
    const events: string[] = [];
    connection.onFree = (free) => {
      events.push(`free ${free.isIdle}`);
    };
    connection.onClose = () => events.push('closed');
    await connection.send(request('/length'), options).then(() => events.push('answered'));
    expect(events).toEqual(['free true', 'answered']);
    await connection.send(request('/close-header'), options).then(() => events.push('answered'));
    expect(events).toEqual(['free true', 'answered', 'closed', 'answered']);
  });

  it("is reused only within the server's Keep-Alive timeout, less a second", async () => {
    const kept = new WarmConnection(await connect(), 30_000);
    const before = Date.now();
    await kept.send(request('/keep-alive-5'), options);
    expect(kept.usableUntil).toBeGreaterThanOrEqual(before + 4000);
    expect(kept.usableUntil).toBeLessThanOrEqual(Date.now() + 4000);
    kept.close();
    const short = new WarmConnection(await connect(), 30_000);
    let freed = false;
    short.onFree = () => {
      freed = true;
    };
    await short.send(request('/keep-alive-1'), options);
    expect(freed).toBe(false);
    expect(short.socket.destroyed).toBe(true);
  });

  it('waits for its request longer than the request timeout, which counts from the write', async () => {
    const connect50 = async () => new WarmConnection(await connect(), 50);
    const slow = await connect50();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(slow.isIdle).toBe(true);
    const answer = await slow.send(request('/slow'), { method: 'POST', timeoutMs: 50, onAbort: () => {} });
    expect(answer.status).toBe(200);
    slow.close();
    const hung = await connect50();
    await new Promise((resolve) => setTimeout(resolve, 120));
    await expect(
      hung.send(request('/hang'), { method: 'POST', timeoutMs: 50, onAbort: () => {} }),
    ).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(hung.socket.destroyed).toBe(true);
  });

  it('counts the timeout from the last bytes read, not from the write', async () => {
    const connection = new WarmConnection(await connect(), 150);
    const started = Date.now();
    const answer = await connection.send(request('/trickle'), {
      method: 'POST',
      timeoutMs: 150,
      onAbort: () => {},
    });
    expect(Date.now() - started).toBeGreaterThan(150);
    expect(answer.body.toString()).toBe('trickled');
    connection.close();
  });

  it('is never used once the server has sent something before any request', async () => {
    const other = net.createServer((socket) => socket.end('HTTP/1.1 408 Request Timeout\r\n\r\n'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const socket = await new Promise<net.Socket>((resolve) => {
      const s = net.connect((other.address() as AddressInfo).port, '127.0.0.1', () => resolve(s));
    });
    const connection = new WarmConnection(socket, 30_000);
    let closed = false;
    connection.onClose = () => {
      closed = true;
    };
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(connection.isIdle).toBe(false);
    expect(closed).toBe(true);
    expect(socket.destroyed).toBe(true);
    await new Promise<void>((resolve) => other.close(() => resolve()));
  });
});
