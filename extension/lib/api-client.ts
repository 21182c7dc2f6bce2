import { AUTH_MESSAGES } from '../../shared/http/errors';
import { expireAuth, getAuth, SESSION_EXPIRED_MESSAGE } from './auth-store';
import { getServerUrl } from './server-address';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
  ) {
    super(message);
  }
}

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
    throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'not_authenticated');
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
    throw new ApiError(AUTH_MESSAGES.network_error, 0, 'network_error');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const body = (data ?? {}) as { message?: string; code?: string };
    if (response.status === 401 && !options.anonymous && options.token === undefined) {
      await expireAuth();
      throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, body.code);
    }
    throw new ApiError(body.message ?? AUTH_MESSAGES.unknown_error, response.status, body.code);
  }
  return data as T;
}
