import { ApiError, networkError, parseErrorBody } from '../../shared/http/api-error';
import { GENERIC_MESSAGES } from '../../shared/http/errors';

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/** Lets the session layer react to a 401 from any call (the one client-side interceptor). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

interface RequestOptions extends Omit<RequestInit, 'body'> {
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
  const error = new ApiError(401, { code: 'not_authenticated', message: GENERIC_MESSAGES.not_authenticated });
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
    throw networkError();
  }
  const text = await response.text();
  if (!response.ok) {
    const error = parseErrorBody(response.status, text, GENERIC_MESSAGES.internal_error);
    if (response.status === 401) for (const listener of unauthorizedListeners) listener(error);
    throw error;
  }
  return (text ? safeJson(text) : null) as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
