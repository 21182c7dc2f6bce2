import { type Dispatcher, FormData as UndiciFormData, fetch as undiciFetch } from 'undici';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { truncateText } from '../../shared/text/truncate.js';
import type { Config } from '../config.js';
import { agent, dispatch } from './platform-connections.js';
import { platformUrl } from './platform-endpoints.js';
import { PlatformError, retryAfterFromHeaders, UNKNOWN_OUTCOME_MESSAGE } from './platform-error.js';

export interface PlatformRequestInit extends Omit<RequestInit, 'signal'> {
  /**
   * True for the request that makes the post public (create tweet, /feed, media_publish...).
   * A timeout or lost connection after such a request is an unknown outcome, never retried.
   */
  commit?: boolean;
  timeoutMs?: number;
  /** Turns a non-2xx answer's body into the user-facing message (spec 02 section 8). */
  mapError?: (status: number, body: string) => string;
}

/** What adapters read from a platform's answer (a fetch Response has all of it). */
export interface PlatformResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/**
 * Sends the post's first request at its due moment. The request is fully built before the
 * gate (URL, headers, JSON body: during the prefetch); the gate marks it as possibly sent
 * (only when it is a commit) and calls `send` when the post is due.
 */
export type FirstRequestGate = (
  commit: boolean,
  send: () => Promise<PlatformResponse>,
) => Promise<PlatformResponse>;

export interface PlatformHttp {
  /** Absolute URL for this platform, mapped through the sandbox when it serves the platform. */
  url(realUrl: string): string;
  request(realUrl: string, init?: PlatformRequestInit): Promise<PlatformResponse>;
  json<T>(realUrl: string, init?: PlatformRequestInit): Promise<{ body: T; response: PlatformResponse }>;
}

type UndiciBody = NonNullable<Parameters<typeof undiciFetch>[1]>['body'];

/** Bodies up to this size go through the lean path, with undici's own timeouts. */
const LEAN_BODY_MAX_BYTES = 256 * 1024;

/**
 * The one way adapters talk to a platform: URL mapping, timeouts and the failure
 * classification every adapter shares (429/5xx retryable, 401 auth, other 4xx permanent).
 */
export function createPlatformHttp(
  config: Config,
  platform: PlatformId,
  signal?: AbortSignal,
  hooks: {
    beforeCommit?: () => Promise<void>;
    /** Awaited before every request after the first (lets a burst send its first requests). */
    beforeFollowUp?: () => Promise<void>;
    /** Called once the first request has its answer (or failed). */
    afterFirst?: () => void;
    /** Holds the first request until the post is due (the scheduler's batch gate). */
    firstRequestGate?: FirstRequestGate;
  } = {},
): PlatformHttp {
  const url = (realUrl: string) => platformUrl(config, platform, realUrl);
  let requests = 0;
  // One listener for the attempt, not one per request: adding and removing listeners costs
  // more than the request itself when a burst falls due.
  const inFlight = new Set<Abort>();
  signal?.addEventListener(
    'abort',
    () => {
      for (const abort of inFlight) abort(signal.reason);
    },
    { once: true },
  );

  async function request(realUrl: string, init: PlatformRequestInit = {}): Promise<PlatformResponse> {
    const { commit, timeoutMs, mapError, ...rest } = init;
    const isFirst = requests++ === 0;
    const timeout = timeoutMs ?? config.PUBLISH_REQUEST_TIMEOUT_MS;
    let response: PlatformResponse;
    try {
      if (!isFirst) await hooks.beforeFollowUp?.();
      const lean = leanRequest(url(realUrl), rest, timeout);
      const send = () =>
        lean ? sendLean(lean, signal, inFlight) : sendWithFetch(url(realUrl), rest, timeout, signal);
      if (isFirst && hooks.firstRequestGate) {
        response = await hooks.firstRequestGate(Boolean(commit), send);
      } else {
        if (commit) await hooks.beforeCommit?.();
        response = await send();
      }
    } catch (error) {
      if (error instanceof PlatformError) throw error;
      throw classifyNetworkError(error, Boolean(commit));
    } finally {
      if (isFirst) hooks.afterFirst?.();
    }
    if (response.ok) return response;
    const body = await response.text().catch(() => '');
    const status = response.status;
    const message = mapError ? mapError(status, body) : defaultMessage(status, body);
    if (status === 401) throw new PlatformError('auth', message, { httpStatus: status });
    if (status === 429 || status >= 500) {
      throw new PlatformError('retryable', message, {
        httpStatus: status,
        retryAfterMs: retryAfterFromHeaders(response.headers),
      });
    }
    throw new PlatformError('permanent', message, { httpStatus: status });
  }

  async function json<T>(realUrl: string, init?: PlatformRequestInit) {
    const response = await request(realUrl, init);
    const text = await response.text();
    let body: T;
    try {
      body = (text ? JSON.parse(text) : {}) as T;
    } catch {
      throw new PlatformError(init?.commit ? 'unknown' : 'retryable', 'Failed to process the request', {
        httpStatus: response.status,
      });
    }
    return { body, response };
  }

  return { url, request, json };
}

function classifyNetworkError(error: unknown, commit: boolean): PlatformError {
  const code = networkErrorCode(error);
  // Nothing reached the platform: safe to try again whatever the request was.
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new PlatformError('retryable', 'The platform could not be reached.', { cause: error });
  }
  if (commit) return new PlatformError('unknown', UNKNOWN_OUTCOME_MESSAGE, { cause: error });
  return new PlatformError('retryable', 'The platform did not answer in time.', { cause: error });
}

function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function defaultMessage(status: number, body: string): string {
  return `Action failed: ${truncateText(body, 500) || `HTTP ${status}`}`;
}

/**
 * undici's fetch does not recognise Node's built-in FormData (it would send "[object FormData]"):
 * copy its fields into undici's own.
 */
function toUndiciBody(body: RequestInit['body']): UndiciBody {
  if (typeof globalThis.FormData !== 'undefined' && body instanceof globalThis.FormData) {
    const form = new UndiciFormData();
    for (const [key, value] of body.entries()) {
      if (typeof value === 'string') form.append(key, value);
      else form.append(key, value, value.name);
    }
    return form;
  }
  return body as UndiciBody;
}

/** Forms, blobs and streams: WHATWG fetch, with one timer and one controller per request. */
async function sendWithFetch(
  target: string,
  init: RequestInit,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<PlatformResponse> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The platform did not answer in time.', 'TimeoutError')),
    timeoutMs,
  );
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const response = await undiciFetch(target, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      body: toUndiciBody(init.body),
      signal: controller.signal,
      dispatcher: agent,
    });
    // Read here, under the timer: a body that never ends is a timeout too.
    const bytes = Buffer.from(await response.arrayBuffer());
    return new BufferedResponse(response.status, recordHeaderReader(headersOf(response.headers)), bytes);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

function headersOf(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of headers) result[name] = value;
  return result;
}

interface LeanRequest {
  origin: string;
  path: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  timeoutMs: number;
}

/**
 * The dispatch options of a request with a small in-memory body (almost every platform call):
 * built once, before the due moment for a post's first request. Null for forms, blobs and
 * streams, which take the fetch path.
 */
function leanRequest(target: string, init: RequestInit, timeoutMs: number): LeanRequest | null {
  let body = init.body;
  const headers: Record<string, string> = {};
  if (init.headers) {
    const source =
      init.headers instanceof Headers || Array.isArray(init.headers)
        ? Object.fromEntries(new Headers(init.headers))
        : (init.headers as Record<string, string>);
    for (const [name, value] of Object.entries(source)) headers[name.toLowerCase()] = value;
  }
  if (body instanceof URLSearchParams) {
    headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    body = body.toString();
  }
  if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array)) {
    return null;
  }
  const size = typeof body === 'string' ? body.length : (body?.byteLength ?? 0);
  if (size > LEAN_BODY_MAX_BYTES) return null;
  const parsed = new URL(target);
  return {
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
    method: (init.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod,
    headers,
    body: body ?? undefined,
    timeoutMs,
  };
}

/**
 * Requests go straight to undici's dispatcher with a handler that only collects the answer:
 * WHATWG fetch and even undici.request cost several times more CPU per call (Request,
 * Headers and stream objects), which adds up when thousands of posts fall due in the same
 * second. undici's own timers bound the wait for the answer. Platform APIs answer directly
 * (no redirects to follow).
 */
function sendLean(
  lean: LeanRequest,
  signal: AbortSignal | undefined,
  inFlight: Set<Abort>,
): Promise<PlatformResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    dispatch(
      {
        origin: lean.origin,
        path: lean.path,
        method: lean.method,
        headers: lean.headers,
        body: lean.body,
        headersTimeout: lean.timeoutMs,
        bodyTimeout: lean.timeoutMs,
      },
      (done) => new CollectingHandler(resolve, reject, inFlight, done),
    );
  });
}

/** Cancels a request in flight (undici's abort callback). */
type Abort = (reason?: Error) => void;

/**
 * Collects the answer through undici's raw callbacks: with the controller-based ones undici
 * wraps every request in an adapter that decodes all response headers into an object first,
 * which is most of the CPU an answer costs when a burst's thousands come back at once. Here
 * the raw header buffers are kept and decoded only when an adapter asks for a header.
 */
class CollectingHandler implements Dispatcher.DispatchHandler {
  private status = 0;
  private rawHeaders: Buffer[] = [];
  private chunks: Buffer[] = [];
  private abort: Abort | null = null;

  constructor(
    private readonly resolve: (response: PlatformResponse) => void,
    private readonly reject: (error: unknown) => void,
    private readonly inFlight: Set<Abort>,
    private readonly done: () => void,
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
    this.done();
    const bytes = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    this.resolve(new BufferedResponse(this.status, rawHeaderReader(this.rawHeaders), bytes));
  }

  onError(error: Error): void {
    if (this.abort) this.inFlight.delete(this.abort);
    this.done();
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

function recordHeaderReader(headers: Record<string, string>): HeaderReader {
  return (name) => headers[name.toLowerCase()] ?? null;
}

/** An answer already read into memory; headers are looked up without building a Headers object. */
class BufferedResponse implements PlatformResponse {
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
