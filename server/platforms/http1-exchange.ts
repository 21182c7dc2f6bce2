import type { Socket } from 'node:net';
import { AnswerParser, ExchangeError, type Http1Answer } from './http1-answer.js';

/**
 * One HTTP/1.1 request written as prepared bytes on a connection opened ahead of a burst, and
 * its answer read back by a small parser. Through undici, each of a burst's requests cost about
 * four times the CPU of the bare write (a request object, a client and an HTTP parser per
 * connection, timers) and kept 15-20 KB per connection alive; here the due moment costs one
 * write per post. Only a burst's warm connections are used this way (platform-transport.ts);
 * everything else goes through undici.
 */

/** What a request must have to be written as bytes. */
export interface Http1Request {
  /** `host[:port]`, as the Host header says it. */
  host: string;
  method: string;
  path: string;
  /** Lowercase names. */
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Lifted from undici: no control characters but tab; CR, LF and NUL above all (header injection).
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** The request as bytes; throws on a header a server could read as two. */
export function serializeRequest(request: Http1Request): Buffer {
  if (!TOKEN.test(request.method) || !/^\/\S*$/.test(request.path) || INVALID_VALUE.test(request.host)) {
    throw new Error('Invalid request line');
  }
  let head = `${request.method} ${request.path} HTTP/1.1\r\nhost: ${request.host}\r\n`;
  for (const [name, value] of Object.entries(request.headers)) {
    if (!TOKEN.test(name) || INVALID_VALUE.test(value)) throw new Error(`Invalid request header: ${name}`);
    if (name === 'host' || name === 'content-length' || name === 'connection') continue;
    head += `${name}: ${value}\r\n`;
  }
  const body =
    request.body === undefined
      ? null
      : typeof request.body === 'string'
        ? Buffer.from(request.body)
        : request.body;
  if (body || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(request.method)) {
    head += `content-length: ${body?.byteLength ?? 0}\r\n`;
  }
  head += '\r\n';
  return body && body.byteLength > 0
    ? Buffer.concat([Buffer.from(head, 'latin1'), body])
    : Buffer.from(head, 'latin1');
}

interface Exchange {
  parser: AnswerParser;
  resolve: (answer: Http1Answer) => void;
  reject: (error: Error) => void;
}

/**
 * A connection opened ahead of a burst, for one request written as bytes and its answer. Its
 * listeners and its timeout are set when it opens, so that the due moment only pays for the
 * write; a connection that receives anything before its request (a server's goodbye to an idle
 * connection) is closed and never used. The timeout only counts once the request is written
 * (the write restarts its timer): a connection waiting for its moment longer than a request may
 * wait for its answer stays open.
 */
export class WarmConnection {
  private exchange: Exchange | null = null;
  private used = false;
  private readonly listeners = {
    data: (chunk: Buffer) => this.onData(chunk),
    end: () => this.onEnd(),
    error: (error: Error) => this.fail(error),
    timeout: () => this.onTimeout(),
  };

  constructor(
    readonly socket: Socket,
    private timeoutMs: number,
  ) {
    socket.on('data', this.listeners.data);
    socket.on('end', this.listeners.end);
    socket.on('close', this.listeners.end);
    socket.on('error', this.listeners.error);
    socket.on('timeout', this.listeners.timeout);
    // Counted from the last activity: for the request, from its write.
    socket.setTimeout(timeoutMs);
  }

  /** Open and never used. */
  get isFresh(): boolean {
    return !this.used && !this.socket.destroyed && this.socket.writable;
  }

  /**
   * Writes `bytes` and reads one answer. Rejects when the connection fails or closes before the
   * answer is complete, when nothing arrives for `timeoutMs`, or when `onAbort`'s callback is
   * called; the connection is closed then.
   */
  send(
    bytes: Buffer,
    options: { method: string; timeoutMs: number; onAbort: (abort: (reason?: Error) => void) => void },
  ): Promise<Http1Answer> {
    if (!this.isFresh)
      return Promise.reject(new ExchangeError('The connection was already used.', 'UND_ERR_SOCKET'));
    this.used = true;
    if (options.timeoutMs !== this.timeoutMs) {
      this.timeoutMs = options.timeoutMs;
      this.socket.setTimeout(options.timeoutMs);
    }
    return new Promise((resolve, reject) => {
      this.exchange = { parser: new AnswerParser(options.method === 'HEAD'), resolve, reject };
      options.onAbort((reason) =>
        this.fail(reason ?? new ExchangeError('The request was aborted.', 'UND_ERR_ABORTED')),
      );
      this.socket.write(bytes);
    });
  }

  /** Removes this connection's listeners and hands its socket on, paused (after a reusable answer). */
  release(): Socket {
    const { socket, listeners } = this;
    socket.off('data', listeners.data);
    socket.off('end', listeners.end);
    socket.off('close', listeners.end);
    socket.off('error', listeners.error);
    socket.off('timeout', listeners.timeout);
    socket.pause();
    return socket;
  }

  private onData(chunk: Buffer): void {
    const current = this.exchange;
    if (!current) {
      this.used = true;
      this.socket.destroy();
      return;
    }
    try {
      if (current.parser.push(chunk)) this.complete(current);
    } catch (error) {
      this.fail(error as Error);
    }
  }

  private onTimeout(): void {
    // Still waiting for its request: unused connections are closed by their owner (WARM_TTL_MS).
    if (!this.exchange) return;
    this.fail(new ExchangeError('The platform did not answer in time.', 'UND_ERR_HEADERS_TIMEOUT'));
  }

  private onEnd(): void {
    const current = this.exchange;
    if (!current) {
      this.used = true;
      return;
    }
    if (current.parser.closeEnds()) this.complete(current);
    else
      this.fail(new ExchangeError('The connection closed before the answer was complete.', 'UND_ERR_SOCKET'));
  }

  private complete(current: Exchange): void {
    this.exchange = null;
    this.socket.setTimeout(0);
    const answer = current.parser.answer();
    if (!answer.reusable) this.socket.destroy();
    current.resolve(answer);
  }

  private fail(error: Error): void {
    this.used = true;
    const current = this.exchange;
    this.exchange = null;
    // Nothing else is read on this connection: the next request would read the rest.
    this.socket.destroy();
    current?.reject(error);
  }
}
