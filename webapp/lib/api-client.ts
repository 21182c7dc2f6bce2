import type { ApiErrorBody, ErrorCode } from '../../shared/http/errors';

/** An API failure with the server's `{ code, message, field }`; `status` 0 means the network failed. */
export class ApiError extends Error {
  readonly code: ErrorCode | 'network_error';
  readonly status: number;
  readonly field?: string;
  readonly details?: Record<string, unknown>;

  constructor(
    status: number,
    body: Omit<Partial<ApiErrorBody>, 'code'> & { code?: ErrorCode | 'network_error' },
  ) {
    super(body.message ?? 'An unexpected error occurred. Please try again.');
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code ?? 'unknown_error';
    this.field = body.field;
    this.details = body.details;
  }
}

const NETWORK_MESSAGE =
  'Unable to connect to authentication service. Please check your internet connection and try again.';

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Lets the session layer react to a 401 from any call (the one client-side interceptor). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (FormData, Blob...). */
  body?: BodyInit;
  query?: Record<string, string | number | boolean | undefined | null>;
}

/**
 * Tells the session layer the server no longer knows this browser's session, for answers that
 * say so without a 401 (`GET /api/auth/session` answers `{ user: null }`).
 */
export function reportSignedOut(): void {
  const error = new ApiError(401, { code: 'not_authenticated', message: 'Not authenticated' });
  for (const listener of unauthorizedListeners) listener(error);
}

/** Calls the Postloom API with the session cookie; resolves with the JSON body or throws ApiError. */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { json, query, headers, ...rest } = options;
  const url = new URL(path.startsWith('/') ? path : `/api/${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  const init: RequestInit = { credentials: 'same-origin', ...rest, headers: new Headers(headers) };
  if (json !== undefined) {
    (init.headers as Headers).set('content-type', 'application/json');
    init.body = JSON.stringify(json);
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiError(0, { code: 'network_error', message: NETWORK_MESSAGE });
  }
  const text = await response.text();
  const body = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = new ApiError(
      response.status,
      body && typeof body === 'object' ? (body as ApiErrorBody) : { message: response.statusText },
    );
    if (response.status === 401) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
