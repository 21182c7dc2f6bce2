import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BurstPool, type PoolRequest } from './burst-pool.js';
import type { Http1Answer } from './http1-answer.js';
import { serializeRequest } from './http1-exchange.js';

/** A stand-in platform host that counts its connections and the requests on it at once. */
let server: http.Server;
let port = 0;
let connections = 0;
let onTheWire = 0;
let mostAtOnce = 0;
const received: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(req.url ?? '');
    onTheWire += 1;
    mostAtOnce = Math.max(mostAtOnce, onTheWire);
    if (req.url === '/hang') return;
    setTimeout(
      () => {
        onTheWire -= 1;
        res.writeHead(201, req.url === '/bye' ? { connection: 'close' } : {});
        res.end(req.url);
      },
      req.url === '/slow' ? 80 : 5,
    );
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function openSocket(): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => resolve(null));
  });
}

function newPool(options: { connect?: () => Promise<net.Socket | null>; sweepMs?: number } = {}) {
  const events = { empty: 0 };
  const pool = new BurstPool(
    options.connect ?? openSocket,
    2000,
    () => {
      events.empty += 1;
    },
    options.sweepMs,
  );
  return { pool, events };
}

interface Sent {
  answer: Promise<Http1Answer>;
  abort: (reason?: Error) => void;
  wentElsewhere: () => boolean;
}

/** Hands the pool a request for `path`, logging when it is written and answered. */
function send(pool: BurstPool, path: string, log: string[] = [], timeoutMs = 2000): Sent {
  let abort: (reason?: Error) => void = () => undefined;
  let elsewhere = false;
  const answer = new Promise<Http1Answer>((resolve, reject) => {
    const request: PoolRequest = {
      bytes: serializeRequest({ host: 'x', method: 'POST', path, headers: {}, body: '{}' }),
      method: 'POST',
      timeoutMs,
      onAbort: (cancel) => {
        abort = cancel;
      },
      written: () => log.push(`written ${path}`),
      answered: (result) => {
        log.push(`answered ${path}`);
        resolve(result);
      },
      failed: reject,
      elsewhere: () => {
        elsewhere = true;
        resolve({ status: 0, header: () => null, body: Buffer.alloc(0), reusable: false, keepAliveMs: null });
      },
    };
    pool.send(request);
  });
  return { answer, abort: (reason) => abort(reason), wentElsewhere: () => elsewhere };
}

describe('the connections of a burst', () => {
  it('carry more requests than there are connections, no more at once than there are connections', async () => {
    const { pool } = newPool();
    await pool.grow(3);
    // This process is also the host: let it accept them.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = connections;
    mostAtOnce = 0;
    const sent = Array.from({ length: 12 }, (_, index) => send(pool, `/post-${index}`));
    const answers = await Promise.all(sent.map((request) => request.answer));
    expect(answers.map((answer) => answer.body.toString())).toEqual(sent.map((_, index) => `/post-${index}`));
    expect(mostAtOnce).toBe(3);
    expect(connections).toBe(before);
    expect(pool.size).toBe(3);
  });

  it('write the next waiting request as soon as an answer is read, and hand the answers on once none waits', async () => {
    const { pool } = newPool();
    await pool.grow(1);
    const log: string[] = [];
    await Promise.all(['/a', '/b', '/c'].map((path) => send(pool, path, log).answer));
    expect(log).toEqual([
      'written /a',
      'written /b',
      'written /c',
      'answered /a',
      'answered /b',
      'answered /c',
    ]);
  });

  it('hand the answers on once the last request out is answered', async () => {
    const { pool } = newPool();
    await pool.grow(2);
    const log: string[] = [];
    const slow = send(pool, '/slow', log);
    const started = Date.now();
    const quick = send(pool, '/quick', log);
    await quick.answer;
    // Answered after 5 ms, handed on once the slow one was answered too.
    expect(Date.now() - started).toBeGreaterThanOrEqual(70);
    await slow.answer;
    expect(log).toEqual(['written /slow', 'written /quick', 'answered /quick', 'answered /slow']);
  });

  it('hand the answers on after a quarter of a second, however long a request stays out', async () => {
    const { pool } = newPool();
    await pool.grow(2);
    const hung = send(pool, '/hang');
    const started = Date.now();
    await send(pool, '/answered').answer;
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(240);
    expect(waited).toBeLessThan(2000);
    hung.abort();
    await expect(hung.answer).rejects.toThrow();
  });

  it('never write a waiting request whose post was aborted', async () => {
    const { pool } = newPool();
    await pool.grow(1);
    const first = send(pool, '/first');
    const dropped = send(pool, '/dropped');
    dropped.abort(new Error('Postloom is shutting down'));
    await expect(dropped.answer).rejects.toThrow('shutting down');
    await first.answer;
    await send(pool, '/after').answer;
    expect(received).not.toContain('/dropped');
  });

  it('replace a connection the host closed while requests wait, and send them elsewhere once none can be opened', async () => {
    const { pool } = newPool();
    await pool.grow(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = connections;
    const sent = [send(pool, '/bye'), send(pool, '/next')];
    expect((await sent[1]?.answer)?.body.toString()).toBe('/next');
    expect(connections).toBe(before + 1);

    let opened = 0;
    const failing = newPool({ connect: () => (opened++ === 0 ? openSocket() : Promise.resolve(null)) });
    await failing.pool.grow(1);
    const last = [send(failing.pool, '/bye'), send(failing.pool, '/waiting')];
    await last[1]?.answer;
    expect(last[1]?.wentElsewhere()).toBe(true);
    expect(failing.events.empty).toBe(1);
    expect(send(failing.pool, '/later').wentElsewhere()).toBe(true);
  });

  it('give up on a request that waited for a connection longer than its timeout, as never sent', async () => {
    const { pool } = newPool({ sweepMs: 20 });
    await pool.grow(1);
    const hung = send(pool, '/hang');
    const waiting = send(pool, '/waiting', [], 30);
    await expect(waiting.answer).rejects.toMatchObject({ code: 'UND_ERR_CONNECT_TIMEOUT' });
    hung.abort();
    await expect(hung.answer).rejects.toThrow();
    expect(received).not.toContain('/waiting');
  });

  it('close connections nobody used in time, and then leave', async () => {
    const { pool, events } = newPool({ sweepMs: 20 });
    await pool.grow(2);
    await send(pool, '/used').answer;
    for (const connection of (pool as unknown as { free: Array<{ usableUntil: number }> }).free) {
      connection.usableUntil = Date.now();
    }
    await vi.waitFor(() => expect(events.empty).toBe(1));
    expect(pool.size).toBe(0);
  });
});
