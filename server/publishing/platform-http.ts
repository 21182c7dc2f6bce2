import dns, { type LookupAddress } from 'node:dns';
import { Agent, FormData as UndiciFormData, fetch as undiciFetch, request as undiciRequest } from 'undici';
import type { PlatformId } from '../../shared/platforms/ids.js';
import type { Config } from '../config.js';
import { platformUrl } from '../platforms/platform-endpoints.js';
import { PublishError, retryAfterFromHeaders, UNKNOWN_OUTCOME_MESSAGE } from './publish-error.js';

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

export interface PlatformHttp {
  /** Absolute URL for this platform, mapped through the sandbox when it serves the platform. */
  url(realUrl: string): string;
  request(realUrl: string, init?: PlatformRequestInit): Promise<Response>;
  json<T>(realUrl: string, init?: PlatformRequestInit): Promise<{ body: T; response: Response }>;
}

// Keep-alive sockets shared by every platform call, a bounded number per origin, so a burst of
// posts due in the same second goes out at once without opening unbounded connections.
type UndiciBody = NonNullable<Parameters<typeof undiciFetch>[1]>['body'];

const agent = new Agent({
  connections: 4096,
  keepAliveTimeout: 30_000,
  connect: { timeout: 10_000, lookup: cachedLookup },
});

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
  } = {},
): PlatformHttp {
  const url = (realUrl: string) => platformUrl(config, platform, realUrl);
  let requests = 0;

  async function request(realUrl: string, init: PlatformRequestInit = {}): Promise<Response> {
    const { commit, timeoutMs, mapError, ...rest } = init;
    const isFirst = requests++ === 0;
    if (!isFirst) await hooks.beforeFollowUp?.();
    // One controller and one timer per request (AbortSignal.any is costly under a burst).
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('The platform did not answer in time.', 'TimeoutError')),
      timeoutMs ?? config.PUBLISH_REQUEST_TIMEOUT_MS,
    );
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const combined = controller.signal;
    if (commit) await hooks.beforeCommit?.();
    let response: Response;
    try {
      response =
        (await sendLean(url(realUrl), rest, combined)) ??
        ((await undiciFetch(url(realUrl), {
          ...(rest as Parameters<typeof undiciFetch>[1]),
          body: toUndiciBody(rest.body),
          signal: combined,
          dispatcher: agent,
        })) as unknown as Response);
    } catch (error) {
      throw classifyNetworkError(error, Boolean(commit));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (isFirst) hooks.afterFirst?.();
    }
    if (response.ok) return response;
    const body = await response.text().catch(() => '');
    const status = response.status;
    const message = mapError ? mapError(status, body) : defaultMessage(status, body);
    if (status === 401) throw new PublishError('auth', message, { httpStatus: status });
    if (status === 429 || status >= 500) {
      throw new PublishError('retryable', message, {
        httpStatus: status,
        retryAfterMs: retryAfterFromHeaders(response.headers),
      });
    }
    throw new PublishError('permanent', message, { httpStatus: status });
  }

  async function json<T>(realUrl: string, init?: PlatformRequestInit) {
    const response = await request(realUrl, init);
    const text = await response.text();
    let body: T;
    try {
      body = (text ? JSON.parse(text) : {}) as T;
    } catch {
      throw new PublishError(init?.commit ? 'unknown' : 'retryable', 'Failed to process the request', {
        httpStatus: response.status,
      });
    }
    return { body, response };
  }

  return { url, request, json };
}

function classifyNetworkError(error: unknown, commit: boolean): PublishError {
  const code = networkErrorCode(error);
  // Nothing reached the platform: safe to try again whatever the request was.
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new PublishError('retryable', 'The platform could not be reached.', { cause: error });
  }
  if (commit) return new PublishError('unknown', UNKNOWN_OUTCOME_MESSAGE, { cause: error });
  return new PublishError('retryable', 'The platform did not answer in time.', { cause: error });
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
  return `Action failed: ${body.slice(0, 500) || `HTTP ${status}`}`;
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

/**
 * Requests go through undici's lean request API: WHATWG fetch costs several times more CPU per
 * call, which adds up when thousands of posts fall due in the same second. Bodies it cannot
 * send as they are (streams, forms, blobs) return null and take the fetch path. Platform APIs
 * answer directly (no redirects to follow).
 */
async function sendLean(target: string, init: RequestInit, signal: AbortSignal): Promise<Response | null> {
  let body = init.body;
  const headers = new Headers(init.headers);
  if (body instanceof URLSearchParams) {
    if (!headers.has('content-type'))
      headers.set('content-type', 'application/x-www-form-urlencoded;charset=UTF-8');
    body = body.toString();
  }
  if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof Uint8Array))
    return null;
  const result = await undiciRequest(target, {
    method: (init.method ?? 'GET').toUpperCase() as 'GET',
    headers: Object.fromEntries(headers),
    body: body ?? undefined,
    signal,
    dispatcher: agent,
  });
  const text = await result.body.text();
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(result.headers)) {
    if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
    else if (value !== undefined) responseHeaders.set(name, String(value));
  }
  const status = result.statusCode;
  const empty = status === 204 || status === 205 || status === 304 || text === '';
  return new Response(empty ? null : text, { status, headers: responseHeaders });
}

// Every new connection would otherwise ask the resolver again (through libuv's small thread
// pool): a burst of posts opening hundreds of connections to one host waits on it.
const lookups = new Map<string, { at: number; addresses: LookupAddress[] }>();
const LOOKUP_TTL_MS = 60_000;

function cachedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  const key = `${hostname}/${options.family ?? 0}`;
  const cached = lookups.get(key);
  const answer = (addresses: LookupAddress[]) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
  };
  if (cached && Date.now() - cached.at < LOOKUP_TTL_MS && cached.addresses.length > 0) {
    answer(cached.addresses);
    return;
  }
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) {
      callback(error, '');
      return;
    }
    lookups.set(key, { at: Date.now(), addresses });
    answer(addresses);
  });
}

/** The API host each platform's create requests go to (platform-apis.md). */
const API_ORIGINS: Record<PlatformId, string> = {
  twitter: 'https://api.x.com',
  facebook: 'https://graph.facebook.com',
  instagram: 'https://graph.instagram.com',
  linkedin: 'https://api.linkedin.com',
  tiktok: 'https://open.tiktokapis.com',
  threads: 'https://graph.threads.net',
};

/**
 * Opens `count` keep-alive connections to the platform's API host ahead of a burst: a bodiless
 * HEAD of the host's root each (no API call, no token), whose sockets stay in the pool.
 */
export async function preconnect(config: Config, platform: PlatformId, count: number): Promise<void> {
  const target = platformUrl(config, platform, `${API_ORIGINS[platform]}/`);
  await Promise.all(
    Array.from({ length: count }, () =>
      undiciRequest(target, { method: 'HEAD', dispatcher: agent, signal: AbortSignal.timeout(2000) })
        .then((response) => response.body.dump())
        .catch(() => undefined),
    ),
  );
}
