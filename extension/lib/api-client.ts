import { ApiError, networkError, parseErrorBody } from '../../shared/http/api-error';
import { AUTH_MESSAGES } from '../../shared/http/errors';
import { expireAuth, getAuth, SESSION_EXPIRED_MESSAGE } from './auth-store';
import { getServerUrl } from './server-address';

interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Use this token instead of the stored one (checking a token before keeping it). */
  token?: string | null;
  /** Sign-in requests: no token is sent, and a 401 means wrong credentials, not an expired session. */
  anonymous?: boolean;
}

/**
 * The server's JSON API with the stored bearer token. Errors carry the server's message; any
 * 401 to a signed-in request ends the stored sign-in so every page shows the sign-in form again.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const server = await getServerUrl();
  const token = options.anonymous ? null : (options.token ?? (await getAuth())?.token ?? null);
  if (!options.anonymous && !token) {
    throw new ApiError(401, { code: 'not_authenticated', message: SESSION_EXPIRED_MESSAGE });
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'omit',
    });
  } catch {
    throw networkError();
  }
  const text = await response.text();
  if (!response.ok) {
    const error = parseErrorBody(response.status, text, AUTH_MESSAGES.unknown_error);
    if (response.status === 401 && !options.anonymous && options.token === undefined) {
      await expireAuth();
      throw new ApiError(401, { code: error.code, message: SESSION_EXPIRED_MESSAGE });
    }
    throw error;
  }
  try {
    return (text ? JSON.parse(text) : null) as T;
  } catch {
    return null as T;
  }
}

/**
 * What a page shows for a failed load: the error's message, or null when the sign-in ended (the
 * popup swaps to its sign-in form, which says so once; the same words twice would be noise).
 */
export function loadErrorMessage(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 401) return null;
  return error instanceof Error ? error.message : String(error);
}
