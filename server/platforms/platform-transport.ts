import { type Dispatcher, FormData as UndiciFormData, fetch as undiciFetch } from 'undici';
import type { BurstPool } from './burst-pool.js';
import { serializeRequest } from './http1-exchange.js';
import { agent, burstPool } from './platform-connections.js';
import {
  type Abort,
  BufferedResponse,
  CollectingHandler,
  type PlatformResponse,
  recordHeaderReader,
} from './platform-response.js';

/**
 * The raw transport under platform-http.ts: one request out and its answer read into memory,
 * on the lean undici dispatcher path for small bodies or WHATWG fetch for forms and streams.
 * It knows nothing of platforms, classification or hooks.
 */

type UndiciBody = NonNullable<Parameters<typeof undiciFetch>[1]>['body'];

/** Bodies up to this size go through the lean path, with undici's own timeouts. */
const LEAN_BODY_MAX_BYTES = 256 * 1024;

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
export async function sendWithFetch(
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
  /** `host[:port]` of the origin. */
  host: string;
  path: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  timeoutMs: number;
  /** The request as bytes, made ahead for a post's first request (see `prepareBytes`). */
  bytes?: Buffer;
}

/**
 * The dispatch options of a request with a small in-memory body (almost every platform call):
 * built once, before the due moment for a post's first request. Null for forms, blobs and
 * streams, which take the fetch path.
 */
export function leanRequest(target: string, init: RequestInit, timeoutMs: number): LeanRequest | null {
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
    host: parsed.host,
    path: `${parsed.pathname}${parsed.search}`,
    method: (init.method ?? 'GET').toUpperCase() as Dispatcher.HttpMethod,
    headers,
    body: body ?? undefined,
    timeoutMs,
  };
}

/**
 * Serialises the request ahead of its moment, for a connection opened for its burst. A request
 * that cannot be written this way fails when it is sent, as it would through undici.
 */
export function prepareBytes(lean: LeanRequest): void {
  try {
    lean.bytes = serializeRequest(lean);
  } catch {
    lean.bytes = undefined;
  }
}

/**
 * While a burst's pool is open for the host, the request is written on one of its connections
 * as bytes (queued until one comes free) and its answer read by http1-exchange.ts. Other
 * requests go straight to undici's dispatcher with a handler that only collects the answer:
 * WHATWG fetch and even undici.request cost several times more CPU per call (Request, Headers
 * and stream objects), which adds up when thousands of posts fall due in the same second.
 * undici's own timers bound the wait for the answer. Platform APIs answer directly (no
 * redirects to follow). `written` is called once the request has been written (or queued in
 * undici, which writes it at once), or once it failed before, once in all.
 */
export function sendLean(
  lean: LeanRequest,
  signal: AbortSignal | undefined,
  inFlight: Set<Abort>,
  written?: () => void,
): Promise<PlatformResponse> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  const pool = burstPool(lean.origin);
  if (pool) return sendOnPool(pool, lean, inFlight, written);
  written?.();
  return dispatchLean(lean, inFlight);
}

function dispatchLean(lean: LeanRequest, inFlight: Set<Abort>): Promise<PlatformResponse> {
  return new Promise((resolve, reject) => {
    agent.dispatch(
      {
        origin: lean.origin,
        path: lean.path,
        method: lean.method,
        headers: lean.headers,
        body: lean.body,
        headersTimeout: lean.timeoutMs,
        bodyTimeout: lean.timeoutMs,
      },
      new CollectingHandler(resolve, reject, inFlight),
    );
  });
}

function sendOnPool(
  pool: BurstPool,
  lean: LeanRequest,
  inFlight: Set<Abort>,
  written: (() => void) | undefined,
): Promise<PlatformResponse> {
  let told = false;
  const tell = () => {
    if (told) return;
    told = true;
    written?.();
  };
  let bytes = lean.bytes;
  if (!bytes) {
    try {
      bytes = serializeRequest(lean);
    } catch (error) {
      tell();
      return Promise.reject(error);
    }
  }
  return new Promise((resolve, reject) => {
    let abort: Abort | null = null;
    const forget = () => {
      if (abort) inFlight.delete(abort);
    };
    pool.send({
      bytes,
      method: lean.method,
      timeoutMs: lean.timeoutMs,
      onAbort: (cancel) => {
        abort = cancel;
        inFlight.add(cancel);
      },
      written: tell,
      answered: (answer) => {
        forget();
        resolve(new BufferedResponse(answer.status, answer.header, answer.body));
      },
      failed: (error) => {
        forget();
        tell();
        reject(error);
      },
      elsewhere: () => {
        forget();
        tell();
        dispatchLean(lean, inFlight).then(resolve, reject);
      },
    });
  });
}
