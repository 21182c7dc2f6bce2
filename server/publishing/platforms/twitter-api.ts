import type { PublishContext } from '../platform-adapter.js';
import { asString, parseJson } from './adapter-support.js';

/** X API v2 (platform-apis.md section 1): what every X call of the adapter shares. */
export const API = 'https://api.x.com/2';

export const FAILED_TO_POST = 'Failed to post to Twitter';
export const NO_POST_ID = 'No post ID returned from Twitter API';

/** The service's own error text (problem `errors[].message`, `detail`, legacy `errors[].message`), else the fallback. */
export function twitterErrorMessage(_status: number, body: string): string {
  const parsed = parseJson(body) as {
    detail?: unknown;
    title?: unknown;
    errors?: Array<{ message?: unknown; detail?: unknown }>;
    error_description?: unknown;
  } | null;
  if (!parsed || typeof parsed !== 'object') return FAILED_TO_POST;
  const first = Array.isArray(parsed.errors) ? parsed.errors[0] : undefined;
  return (
    asString(first?.message) ??
    asString(parsed.detail) ??
    asString(first?.detail) ??
    asString(parsed.error_description) ??
    asString(parsed.title) ??
    FAILED_TO_POST
  );
}

export async function authHeaders(ctx: PublishContext, json = false): Promise<Record<string, string>> {
  const headers: Record<string, string> = { authorization: `Bearer ${await ctx.accessToken()}` };
  if (json) headers['content-type'] = 'application/json';
  return headers;
}
