import type { Socket } from 'node:net';
import { AnswerParser, ExchangeError, type Http1Answer } from './http1-answer.js';

/**
 * One HTTP/1.1 request written as prepared bytes on a connection opened ahead of a burst, and
 * its answer read back by a small parser. Through undici, each of a burst's requests cost about
 * four times the CPU of the bare write (a request object, a client and an HTTP parser per
 * connection, timers) and kept 15-20 KB per connection alive; here a request costs one write.
 * Only the connections of a burst's pool are used this way (burst-pool.ts); everything else
 * goes through undici.
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
  done: ExchangeDone;
}

/** Hears the answer, or the error that ended the exchange. */
type ExchangeDone = (error: Error | null, answer?: Http1Answer) => void;

interface ExchangeOptions {
  method: string;
  timeoutMs: number;
  onAbort: (abort: (reason?: Error) => void) => void;
}

/** Without a Keep-Alive hint from the server, a connection is reused this long after an answer (undici's default). */
const DEFAULT_KEEP_ALIVE_MS = 4000;
/** Taken off the server's Keep-Alive timeout: a request must not cross the server's goodbye. */
const KEEP_ALIVE_MARGIN_MS = 1000;
/** However long the server says it keeps a connection open, it is not reused after this. */
const MAX_KEEP_ALIVE_MS = 20_000;

/**
 * A keep-alive connection opened ahead of a burst, carrying one request at a time, each written
 * as prepared bytes, and reading its answer. Its listeners are set when it opens, so that a
 * request only pays for its write; a connection that receives anything while
 * no request is on it (a server's goodbye to an idle connection) is closed and never used again.
 * The timeout only counts once a request is written (the write restarts it): a connection
 * waiting for its moment longer than a request may wait for its answer stays open.
 * The timeout is a timer of its own that, when it fires early, waits again for what is left:
 * each write and each chunk read only notes the time. (The socket's own timeout moves a timer
 * on every write and read, which a burst's thousands of requests paid for.)
 */
export class WarmConnection {
  private current: Exchange | null = null;
  private closed = false;
  /**
   * Called when an answer left the connection reusable, before that answer is handed on: the
   * owner may write its next request at once, before the answered post's own work runs.
   */
  onFree: ((connection: WarmConnection) => void) | null = null;
  /** Called once, when the connection closes or fails. */
  onClose: ((connection: WarmConnection) => void) | null = null;
  /** A request may be written on it until then: the server may close it afterwards. */
  usableUntil = Number.POSITIVE_INFINITY;
  /** When the request on it was written, or its answer's last bytes arrived. */
  private lastActivity = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly listeners = {
    data: (chunk: Buffer) => this.onData(chunk),
    end: () => this.onEnd(),
    error: (error: Error) => this.fail(error),
    timeout: () => this.onTimer(),
  };

  constructor(
    readonly socket: Socket,
    private timeoutMs: number,
  ) {
    socket.on('data', this.listeners.data);
    socket.on('end', this.listeners.end);
    socket.on('close', this.listeners.end);
    socket.on('error', this.listeners.error);
  }

  /** Open, with no request on it, and within the time the server keeps it. */
  get isIdle(): boolean {
    return !this.closed && this.current === null && this.socket.writable && Date.now() < this.usableUntil;
  }

  /**
   * Writes `bytes` and reads one answer. Rejects when the connection fails or closes before the
   * answer is complete, when nothing arrives for `timeoutMs`, or when `onAbort`'s callback is
   * called; the connection is closed then.
   */
  send(bytes: Buffer, options: ExchangeOptions): Promise<Http1Answer> {
    return new Promise((resolve, reject) =>
      this.exchange(bytes, options, (error, answer) =>
        error ? reject(error) : resolve(answer as Http1Answer),
      ),
    );
  }

  /** `send` with a callback, called at once with the answer (a burst's path: no promise per request). */
  exchange(bytes: Buffer, options: ExchangeOptions, done: ExchangeDone): void {
    if (!this.isIdle) {
      done(new ExchangeError('The connection is busy or closed.', 'UND_ERR_SOCKET'));
      return;
    }
    if (options.timeoutMs !== this.timeoutMs) {
      this.timeoutMs = options.timeoutMs;
      this.stopTimer();
    }
    const exchange: Exchange = { parser: new AnswerParser(options.method === 'HEAD'), done };
    this.current = exchange;
    options.onAbort((reason) => {
      if (this.current === exchange)
        this.fail(reason ?? new ExchangeError('The request was aborted.', 'UND_ERR_ABORTED'));
    });
    this.lastActivity = Date.now();
    this.timer ??= this.startTimer(this.timeoutMs);
    this.socket.write(bytes);
  }

  /** Closes the connection; a request on it fails. */
  close(): void {
    this.fail(new ExchangeError('The connection was closed.', 'UND_ERR_SOCKET'));
  }

  private onData(chunk: Buffer): void {
    const current = this.current;
    if (!current) {
      this.close();
      return;
    }
    this.lastActivity = Date.now();
    let finished: boolean;
    try {
      finished = current.parser.push(chunk);
    } catch (error) {
      this.fail(error as Error);
      return;
    }
    if (finished) this.complete(current);
  }

  private startTimer(ms: number): NodeJS.Timeout {
    return setTimeout(this.listeners.timeout, ms).unref();
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Counted from the last activity: for a request, from its write. */
  private onTimer(): void {
    this.timer = null;
    // Waiting for its next request: idle connections are closed by their owner.
    if (!this.current) return;
    const left = this.lastActivity + this.timeoutMs - Date.now();
    if (left > 0) {
      this.timer = this.startTimer(left);
      return;
    }
    this.fail(new ExchangeError('The platform did not answer in time.', 'UND_ERR_HEADERS_TIMEOUT'));
  }

  private onEnd(): void {
    const current = this.current;
    if (!current) {
      this.close();
      return;
    }
    if (current.parser.closeEnds()) this.complete(current);
    else
      this.fail(new ExchangeError('The connection closed before the answer was complete.', 'UND_ERR_SOCKET'));
  }

  private complete(current: Exchange): void {
    this.current = null;
    const answer = current.parser.answer();
    const keepAliveMs = !answer.reusable
      ? 0
      : answer.keepAliveMs === null
        ? DEFAULT_KEEP_ALIVE_MS
        : Math.min(answer.keepAliveMs - KEEP_ALIVE_MARGIN_MS, MAX_KEEP_ALIVE_MS);
    if (keepAliveMs > 0) {
      this.usableUntil = Date.now() + keepAliveMs;
      this.onFree?.(this);
    } else {
      this.close();
    }
    current.done(null, answer);
  }

  private fail(error: Error): void {
    const current = this.current;
    this.current = null;
    this.stopTimer();
    // Nothing else is read on this connection: the next request would read the rest.
    this.socket.destroy();
    current?.done(error);
    if (this.closed) return;
    this.closed = true;
    this.onClose?.(this);
  }
}
