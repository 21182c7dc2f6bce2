import * as oauth from 'oauth4webapi';
import { PlatformAuthError, type TokenSet } from './platform-oauth.js';

const TIMEOUT_MS = 15_000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * oauth4webapi refuses http:// endpoints; the sandbox (tests, demo mode) runs on http loopback,
 * so insecure requests are allowed for exactly that case and nothing else.
 */
export function requestOptions(url: string) {
  const parsed = new URL(url);
  const insecureLoopback = parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
  return {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    ...(insecureLoopback ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}

/** A plain JSON request to a platform; non-2xx answers become PlatformAuthError with the platform's words. */
export async function fetchJson<T = Record<string, unknown>>(
  url: string,
  init: RequestInit & { bearer?: string } = {},
): Promise<T> {
  const { bearer, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('accept', 'application/json');
  if (bearer) headers.set('authorization', `Bearer ${bearer}`);
  let response: Response;
  try {
    response = await fetch(url, { ...rest, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new PlatformAuthError('The platform could not be reached', { permanent: false });
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    throw new PlatformAuthError(platformErrorMessage(body) ?? `HTTP ${response.status}`, {
      permanent: isPermanentStatus(response.status),
      status: response.status,
    });
  }
  if (body === null || typeof body !== 'object') {
    throw new PlatformAuthError('The platform answered with an unreadable body', { permanent: false });
  }
  return body as T;
}

function isPermanentStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** The human part of the error shapes the platforms use (OAuth, Graph, Instagram, TikTok, LinkedIn, X). */
function platformErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as Record<string, unknown>;
  const error = b.error;
  if (typeof b.error_description === 'string') return b.error_description;
  if (typeof b.error_message === 'string') return b.error_message;
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    if (typeof e.message === 'string' && e.code !== 'ok') return e.message;
  }
  if (typeof error === 'string') return error;
  if (typeof b.detail === 'string') return b.detail;
  if (typeof b.message === 'string') return b.message;
  return undefined;
}

/** Runs an oauth4webapi exchange and maps its errors to PlatformAuthError. */
export async function runOauth<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof PlatformAuthError) throw error;
    if (error instanceof oauth.ResponseBodyError) {
      throw new PlatformAuthError(error.error_description ?? error.error, {
        permanent: isPermanentStatus(error.status),
        status: error.status,
      });
    }
    if (error instanceof oauth.OperationProcessingError) {
      const cause = error.cause as { status?: unknown; body?: unknown } | undefined;
      const status = typeof cause?.status === 'number' ? cause.status : 0;
      // Some platforms (TikTok) answer a refused grant with 200 and an OAuth error body.
      const bodyMessage = platformErrorMessage(cause?.body);
      throw new PlatformAuthError(bodyMessage ?? error.message, {
        permanent: status ? isPermanentStatus(status) : bodyMessage !== undefined,
        status,
      });
    }
    throw new PlatformAuthError('The platform could not be reached', { permanent: false });
  }
}

/** oauth4webapi's token response -> TokenSet (scopes normalised to space separated). */
export function toTokenSet(response: oauth.TokenEndpointResponse): TokenSet {
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(response)) {
    if (typeof value === 'string' && ['open_id', 'user_id'].includes(key)) extra[key] = value;
  }
  const refreshExpires = response.refresh_expires_in ?? response.refresh_token_expires_in;
  return {
    accessToken: response.access_token,
    refreshToken: response.refresh_token ?? null,
    expiresInSec: response.expires_in ?? null,
    refreshExpiresInSec: typeof refreshExpires === 'number' ? refreshExpires : null,
    scopes: response.scope ? normaliseScopes(response.scope) : null,
    extra,
  };
}

export function normaliseScopes(scope: string): string {
  return scope
    .split(/[\s,]+/)
    .filter(Boolean)
    .join(' ');
}

/** Numbers may arrive as strings (Graph, Instagram); anything else is "unknown". */
export function toSeconds(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The authorization-code grant every standard platform shares (X, LinkedIn, TikTok): the code
 * is sent with the client's authentication and, where the platform uses PKCE, the verifier.
 * `prepare` lets a platform adjust the answer before it is validated (LinkedIn's id_token).
 */
export async function exchangeAuthorizationCode(
  endpoints: { as: oauth.AuthorizationServer; client: oauth.Client; auth: oauth.ClientAuth },
  input: {
    code: string;
    redirectUri: string;
    codeVerifier: string | typeof oauth.nopkce;
    prepare?: (response: Response) => Promise<Response>;
  },
): Promise<TokenSet> {
  const { as, client, auth } = endpoints;
  return runOauth(async () => {
    const params = oauth.validateAuthResponse(
      as,
      client,
      new URLSearchParams({ code: input.code }),
      oauth.expectNoState,
    );
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      input.redirectUri,
      input.codeVerifier,
      requestOptions(as.token_endpoint as string),
    );
    const ready = input.prepare ? await input.prepare(response) : response;
    return toTokenSet(await oauth.processAuthorizationCodeResponse(as, client, ready));
  });
}
