import type { PlatformId } from '../../shared/platforms/ids.js';
import { truncateText } from '../../shared/text/truncate.js';
import type { Config } from '../config.js';
import { platformUrl } from './platform-endpoints.js';
import {
  ClaimLostError,
  PlatformError,
  retryAfterFromHeaders,
  UNKNOWN_OUTCOME_MESSAGE,
} from './platform-error.js';
import type { Abort, PlatformResponse } from './platform-response.js';
import { leanRequest, prepareBytes, sendLean, sendWithFetch } from './platform-transport.js';

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

/**
 * Sends the post's first request at its due moment. The request is fully built before the
 * gate (URL, headers, JSON body: during the prefetch); the gate marks it as possibly sent
 * (only when it is a commit) and calls `send` when the post is due.
 */
type FirstRequestGate = (
  commit: boolean,
  /** `written` hears when the request has been written on a connection (or failed before). */
  send: (written?: () => void) => Promise<PlatformResponse>,
) => Promise<PlatformResponse>;

export interface PlatformHttp {
  /** Absolute URL for this platform, mapped through the sandbox when it serves the platform. */
  url(realUrl: string): string;
  request(realUrl: string, init?: PlatformRequestInit): Promise<PlatformResponse>;
  json<T>(realUrl: string, init?: PlatformRequestInit): Promise<{ body: T; response: PlatformResponse }>;
}

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
      const send = (written?: () => void) => {
        if (lean) return sendLean(lean, signal, inFlight, written);
        written?.();
        return sendWithFetch(url(realUrl), rest, timeout, signal);
      };
      if (isFirst && hooks.firstRequestGate) {
        // Waits for its moment as bytes, ready for a connection opened for the burst.
        if (lean) prepareBytes(lean);
        response = await hooks.firstRequestGate(Boolean(commit), send);
      } else {
        if (commit) await hooks.beforeCommit?.();
        response = await send();
      }
    } catch (error) {
      // Nothing left for a lost claim: not a network failure of a request that may have left.
      if (error instanceof PlatformError || error instanceof ClaimLostError) throw error;
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
