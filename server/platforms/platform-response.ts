import type { Dispatcher } from 'undici';

/**
 * A platform's answer as the transport (platform-transport.ts) hands it on: read into memory,
 * with its headers decoded only when an adapter asks for one.
 */

/** What adapters read from a platform's answer (a fetch Response has all of it). */
export interface PlatformResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** Cancels a request in flight (undici's abort callback). */
export type Abort = (reason?: Error) => void;

/**
 * Collects the answer through undici's raw callbacks: with the controller-based ones undici
 * wraps every request in an adapter that decodes all response headers into an object first,
 * which is most of the CPU an answer costs when a burst's thousands come back at once. Here
 * the raw header buffers are kept and decoded only when an adapter asks for a header.
 */
export class CollectingHandler implements Dispatcher.DispatchHandler {
  private status = 0;
  private rawHeaders: Buffer[] = [];
  private chunks: Buffer[] = [];
  private abort: Abort | null = null;

  constructor(
    private readonly resolve: (response: PlatformResponse) => void,
    private readonly reject: (error: unknown) => void,
    private readonly inFlight: Set<Abort>,
  ) {}

  onConnect(abort: Abort): void {
    if (this.abort) this.inFlight.delete(this.abort);
    this.abort = abort;
    this.inFlight.add(abort);
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    // Called again after a 1xx: the final answer's status and headers win.
    this.status = statusCode;
    this.rawHeaders = rawHeaders;
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.abort) this.inFlight.delete(this.abort);
    const bytes = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    this.resolve(new BufferedResponse(this.status, rawHeaderReader(this.rawHeaders), bytes));
  }

  onError(error: Error): void {
    if (this.abort) this.inFlight.delete(this.abort);
    this.reject(error);
  }
}

type HeaderReader = (name: string) => string | null;

/** Reads headers from undici's raw name/value buffers, decoding them on the first lookup. */
function rawHeaderReader(raw: Buffer[]): HeaderReader {
  let decoded: Map<string, string> | null = null;
  return (name) => {
    if (!decoded) {
      decoded = new Map();
      for (let index = 0; index + 1 < raw.length; index += 2) {
        const key = (raw[index] as Buffer).toString('latin1').toLowerCase();
        const value = (raw[index + 1] as Buffer).toString('latin1');
        const previous = decoded.get(key);
        decoded.set(key, previous === undefined ? value : `${previous}, ${value}`);
      }
    }
    return decoded.get(name.toLowerCase()) ?? null;
  };
}

export function recordHeaderReader(headers: Record<string, string>): HeaderReader {
  return (name) => headers[name.toLowerCase()] ?? null;
}

/** An answer already read into memory; headers are looked up without building a Headers object. */
export class BufferedResponse implements PlatformResponse {
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };

  constructor(
    readonly status: number,
    get: HeaderReader,
    private readonly bytes: Buffer,
  ) {
    this.ok = status >= 200 && status < 300;
    this.headers = { get };
  }

  async text(): Promise<string> {
    return this.bytes.toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(this.bytes.toString('utf8'));
  }
}
