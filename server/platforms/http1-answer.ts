/**
 * The answer side of http1-exchange.ts: an HTTP/1.1 answer read from the bytes as they come.
 */

export interface Http1Answer {
  status: number;
  /** Looks a header up (case-insensitive); repeated headers are joined with ", ". */
  header: (name: string) => string | null;
  body: Buffer;
  /** The connection may carry another request. */
  reusable: boolean;
  /** How long the server keeps the connection open for the next one (its Keep-Alive timeout), if it said. */
  keepAliveMs: number | null;
}

/** Larger answer heads are refused (undici's default limit). */
const MAX_HEAD_BYTES = 16 * 1024;

/** An error of the connection, with a code as undici would give it. */
export class ExchangeError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const NOTHING = Buffer.alloc(0);

/**
 * An HTTP/1.1 answer, fed chunk by chunk: status line and headers, then a body delimited by
 * Content-Length, chunked transfer coding, or the end of the connection. Interim (1xx) answers
 * are skipped. The bytes a push brings are read as latin1 text once (a character per byte, so
 * the text's offsets are the bytes'), and the head and the chunk lines are found in it with the
 * string functions. Buffer's indexOf, toString and subarray each go through Node's JavaScript
 * before the native work, which costs most before V8 has compiled it, as in a burst's first
 * answers: 2,000 of the sandbox's answers took 12 ms to read the first time (18 ms with Buffer's
 * functions; medians of ten processes), 3.7 ms once compiled (4.8 ms).
 */
export class AnswerParser {
  private pending: Buffer = NOTHING;
  /** How much of `pending` this push has read. */
  private at = 0;
  /** `pending` as latin1 text, once this push needs it. */
  private text: string | null = null;
  private state:
    | 'head'
    | 'length'
    | 'chunk-size'
    | 'chunk-data'
    | 'chunk-end'
    | 'trailers'
    | 'close'
    | 'done' = 'head';
  private status = 0;
  private header: (name: string) => string | null = () => null;
  private keepAlive = true;
  private keepAliveMs: number | null = null;
  private remaining = 0;
  private readonly body: Buffer[] = [];

  constructor(private readonly headRequest: boolean) {}

  /** Takes the next bytes; answers true once the answer is complete. */
  push(chunk: Buffer): boolean {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    this.at = 0;
    this.text = null;
    for (;;) {
      if (this.state === 'done') {
        // Bytes after the answer: this connection's framing can no longer be trusted.
        if (this.at < this.pending.length) this.keepAlive = false;
        this.keepUnread();
        return true;
      }
      if (!this.step()) {
        this.keepUnread();
        return false;
      }
    }
  }

  /** What this push did not read waits for the next one. */
  private keepUnread(): void {
    this.pending = this.at >= this.pending.length ? NOTHING : this.pending.subarray(this.at);
    this.at = 0;
    this.text = null;
  }

  /** The bytes of the body from where this push has read, at most `count`. */
  private takeBody(count: number): number {
    const take = Math.min(count, this.pending.length - this.at);
    this.body.push(this.pending.subarray(this.at, this.at + take));
    this.at += take;
    return take;
  }

  /** The connection ended: whether that completes an answer delimited by its end. */
  closeEnds(): boolean {
    if (this.state !== 'close') return false;
    this.state = 'done';
    this.keepAlive = false;
    return true;
  }

  answer(): Http1Answer {
    const body = this.body.length === 1 ? (this.body[0] as Buffer) : Buffer.concat(this.body);
    return {
      status: this.status,
      header: this.header,
      body,
      reusable: this.keepAlive,
      keepAliveMs: this.keepAliveMs,
    };
  }

  /** Consumes what it can of `pending`; answers false when it needs more bytes. */
  private step(): boolean {
    switch (this.state) {
      case 'head':
        return this.readHead();
      case 'length': {
        if (this.at === this.pending.length) return false;
        this.remaining -= this.takeBody(this.remaining);
        if (this.remaining === 0) this.state = 'done';
        return true;
      }
      case 'chunk-size': {
        const line = this.readLine();
        if (line === null) return false;
        const size = line.split(';', 1)[0]?.trim() ?? '';
        if (!/^[0-9a-fA-F]{1,8}$/.test(size))
          throw new ExchangeError('Malformed chunked answer.', 'HPE_INVALID_CHUNK_SIZE');
        this.remaining = Number.parseInt(size, 16);
        this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
        return true;
      }
      case 'chunk-data': {
        if (this.at === this.pending.length) return false;
        this.remaining -= this.takeBody(this.remaining);
        if (this.remaining === 0) this.state = 'chunk-end';
        return true;
      }
      case 'chunk-end': {
        const line = this.readLine();
        if (line === null) return false;
        if (line !== '') throw new ExchangeError('Malformed chunked answer.', 'HPE_STRICT');
        this.state = 'chunk-size';
        return true;
      }
      case 'trailers': {
        const line = this.readLine();
        if (line === null) return false;
        if (line === '') this.state = 'done';
        return true;
      }
      case 'close':
        if (this.at < this.pending.length) this.takeBody(this.pending.length - this.at);
        return false;
      default:
        return false;
    }
  }

  private textOf(): string {
    this.text ??= this.pending.toString('latin1');
    return this.text;
  }

  private readLine(): string | null {
    const text = this.textOf();
    const end = text.indexOf('\r\n', this.at);
    if (end === -1) {
      if (text.length - this.at > MAX_HEAD_BYTES)
        throw new ExchangeError('Answer line too long.', 'HPE_HEADER_OVERFLOW');
      return null;
    }
    const line = text.slice(this.at, end);
    this.at = end + 2;
    return line;
  }

  private readHead(): boolean {
    const text = this.textOf();
    const end = text.indexOf('\r\n\r\n', this.at);
    if (end === -1) {
      if (text.length - this.at > MAX_HEAD_BYTES)
        throw new ExchangeError('Answer head too large.', 'UND_ERR_HEADERS_OVERFLOW');
      return false;
    }
    const head = text.slice(this.at, end);
    this.at = end + 4;
    const statusLine = /^HTTP\/1\.([01]) (\d{3})(?: |\r|$)/.exec(head);
    if (!statusLine) throw new ExchangeError('Malformed answer.', 'HPE_INVALID_CONSTANT');
    const status = Number(statusLine[2]);
    // 101 would switch protocols, which no platform request asks for.
    if (status === 101) throw new ExchangeError('Unexpected protocol switch.', 'HPE_INVALID_CONSTANT');
    if (status < 200) return true;
    this.status = status;
    this.header = headerReader(head.slice(head.indexOf('\r\n') + 2));
    // The framing headers are found without decoding the others, which most answers never need.
    const lower = head.toLowerCase();
    const connection = findHeader(lower, 'connection') ?? '';
    this.keepAlive =
      statusLine[1] === '1' ? !connection.includes('close') : connection.includes('keep-alive');
    const timeout = /(?:^|[\s,])timeout=(\d{1,6})/.exec(findHeader(lower, 'keep-alive') ?? '')?.[1];
    this.keepAliveMs = timeout === undefined ? null : Number(timeout) * 1000;
    const transferEncoding = findHeader(lower, 'transfer-encoding');
    const contentLength = findHeader(lower, 'content-length');
    if (this.headRequest || status === 204 || status === 304) {
      this.state = 'done';
    } else if (transferEncoding !== null) {
      if (!/(^|,)\s*chunked\s*$/i.test(transferEncoding)) {
        this.state = 'close';
      } else {
        this.state = 'chunk-size';
      }
    } else if (contentLength !== null) {
      if (!/^\d{1,15}$/.test(contentLength.trim()))
        throw new ExchangeError('Malformed Content-Length.', 'HPE_INVALID_CONTENT_LENGTH');
      this.remaining = Number(contentLength);
      this.state = this.remaining === 0 ? 'done' : 'length';
    } else {
      this.state = 'close';
    }
    if (this.state === 'close') this.keepAlive = false;
    return true;
  }
}

/** A header's values in a lowercased head (after its status line), joined as a lookup joins them. */
function findHeader(lowerHead: string, name: string): string | null {
  const key = `\r\n${name}:`;
  let found: string | null = null;
  for (let at = lowerHead.indexOf(key); at !== -1; at = lowerHead.indexOf(key, at + key.length)) {
    const start = at + key.length;
    const end = lowerHead.indexOf('\r\n', start);
    const value = lowerHead.slice(start, end === -1 ? undefined : end).trim();
    found = found === null ? value : `${found}, ${value}`;
  }
  return found;
}

/** Looks headers up in an answer's header lines, decoding them on the first lookup. */
function headerReader(head: string): (name: string) => string | null {
  let decoded: Map<string, string> | null = null;
  return (name) => {
    if (!decoded) {
      decoded = new Map();
      for (const line of head.split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        const key = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        const previous = decoded.get(key);
        decoded.set(key, previous === undefined ? value : `${previous}, ${value}`);
      }
    }
    return decoded.get(name.toLowerCase()) ?? null;
  };
}
