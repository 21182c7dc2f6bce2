import { Agent, FormData as UndiciFormData, fetch as undiciFetch } from 'undici';
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

const agent = new Agent({ connections: 4096, keepAliveTimeout: 30_000, connect: { timeout: 10_000 } });

/**
 * The one way adapters talk to a platform: URL mapping, timeouts and the failure
 * classification every adapter shares (429/5xx retryable, 401 auth, other 4xx permanent).
 */
export function createPlatformHttp(
  config: Config,
  platform: PlatformId,
  signal?: AbortSignal,
  hooks: { beforeCommit?: () => Promise<void> } = {},
): PlatformHttp {
  const url = (realUrl: string) => platformUrl(config, platform, realUrl);

  async function request(realUrl: string, init: PlatformRequestInit = {}): Promise<Response> {
    const { commit, timeoutMs, mapError, ...rest } = init;
    const timeout = AbortSignal.timeout(timeoutMs ?? config.PUBLISH_REQUEST_TIMEOUT_MS);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    if (commit) await hooks.beforeCommit?.();
    let response: Response;
    try {
      response = (await undiciFetch(url(realUrl), {
        ...(rest as Parameters<typeof undiciFetch>[1]),
        body: toUndiciBody(rest.body),
        signal: combined,
        dispatcher: agent,
      })) as unknown as Response;
    } catch (error) {
      throw classifyNetworkError(error, Boolean(commit));
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
  if (
    code === 'ECONNREFUSED' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'ECONNRESET_BEFORE'
  ) {
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
