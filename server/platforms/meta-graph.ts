import { PlatformError } from './platform-error.js';
import type { PlatformHttp, PlatformRequestInit } from './platform-http.js';

/**
 * Graph API calls shared by Facebook, Instagram and Threads. Meta answers most errors with HTTP 400
 * and a code in the body (platform-apis.md 2.4), so the code decides the class: 190/102 is an
 * expired or invalid token (refresh once), 1/2 and the throttling codes are worth another try.
 */
const AUTH_CODES = new Set([102, 190]);
const RETRY_CODES = new Set([1, 2, 4, 17, 32, 341, 613, 80001]);

interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; is_transient?: boolean };
}

function graphErrorCode(body: string): number | null {
  const parsed = parseBody(body);
  const code = parsed?.error?.code;
  return typeof code === 'number' ? code : null;
}

export async function graphJson<T>(
  ctx: { http: PlatformHttp },
  url: string,
  init: PlatformRequestInit & { mapError: (status: number, body: string) => string },
): Promise<T> {
  const seen: { code: number | null; transient: boolean } = { code: null, transient: false };
  try {
    const { body } = await ctx.http.json<T>(url, {
      ...init,
      mapError: (status, text) => {
        seen.code = graphErrorCode(text);
        seen.transient = parseBody(text)?.error?.is_transient === true;
        return init.mapError(status, text);
      },
    });
    return body;
  } catch (error) {
    const { code } = seen;
    if (error instanceof PlatformError && error.kind === 'permanent' && code !== null) {
      if (AUTH_CODES.has(code))
        throw new PlatformError('auth', error.message, { httpStatus: error.httpStatus });
      if (RETRY_CODES.has(code) || seen.transient) {
        throw new PlatformError('retryable', error.message, { httpStatus: error.httpStatus });
      }
    }
    throw error;
  }
}

function parseBody(text: string): GraphErrorBody | null {
  try {
    return JSON.parse(text) as GraphErrorBody;
  } catch {
    return null;
  }
}
