import type { PublishContext, ReconcileQuery } from '../platform-adapter.js';
import type { PlatformRequestInit } from '../platform-http.js';
import { PublishError } from '../publish-error.js';
import { CLOCK_SKEW_MS } from '../reconcile-post.js';
import { normalizeText, parseJson } from './adapter-support.js';

/**
 * Graph API calls shared by Facebook, Instagram and Threads. Meta answers most errors with HTTP 400
 * and a code in the body (platform-apis.md 2.4), so the code decides the class: 190/102 is an
 * expired or invalid token (refresh once), 1/2 and the throttling codes are worth another try.
 */
const AUTH_CODES = new Set([102, 190]);
const RETRY_CODES = new Set([1, 2, 4, 17, 32, 341, 613, 80001]);

export interface GraphErrorBody {
  error?: { message?: string; code?: number; error_subcode?: number; is_transient?: boolean };
}

export function graphErrorCode(body: string): number | null {
  const parsed = parseJson(body) as GraphErrorBody | null;
  const code = parsed?.error?.code;
  return typeof code === 'number' ? code : null;
}

export async function graphJson<T>(
  ctx: Pick<PublishContext, 'http'>,
  url: string,
  init: PlatformRequestInit & { mapError: (status: number, body: string) => string },
): Promise<T> {
  const seen: { code: number | null; transient: boolean } = { code: null, transient: false };
  try {
    const { body } = await ctx.http.json<T>(url, {
      ...init,
      mapError: (status, text) => {
        seen.code = graphErrorCode(text);
        seen.transient = (parseJson(text) as GraphErrorBody | null)?.error?.is_transient === true;
        return init.mapError(status, text);
      },
    });
    return body;
  } catch (error) {
    const { code } = seen;
    if (error instanceof PublishError && error.kind === 'permanent' && code !== null) {
      if (AUTH_CODES.has(code))
        throw new PublishError('auth', error.message, { httpStatus: error.httpStatus });
      if (RETRY_CODES.has(code) || seen.transient) {
        throw new PublishError('retryable', error.message, { httpStatus: error.httpStatus });
      }
    }
    throw error;
  }
}

/** Graph list pages of 100 read when looking for a post (a busy account's last minutes). */
const LIST_PAGES = 5;

/**
 * Pages through a Graph list edge (newest first, `after` cursors) until `pick` recognises an
 * item; null when none of the pages has it.
 */
export async function findInGraphList<T>(
  ctx: PublishContext,
  url: string,
  params: Record<string, string>,
  mapError: (status: number, body: string) => string,
  pick: (item: T) => { platformPostId: string; url: string | null } | null,
) {
  let after: string | undefined;
  for (let page = 0; page < LIST_PAGES; page += 1) {
    const query = new URLSearchParams({ ...params, limit: '100' });
    if (after) query.set('after', after);
    const body = await graphJson<{ data?: T[]; paging?: { cursors?: { after?: string }; next?: string } }>(
      ctx,
      `${url}?${query}`,
      { headers: await bearer(ctx), mapError },
    );
    for (const item of body.data ?? []) {
      const found = pick(item);
      if (found) return found;
    }
    after = body.paging?.next ? body.paging.cursors?.after : undefined;
    if (!after) break;
  }
  return null;
}

/**
 * The post of a Graph list edge whose text field (`message`, `caption`, `text`) is `text`,
 * created since just before the create request may have left and not recorded for another
 * post; `accept` adds a condition (the part a reply answers).
 */
export function findGraphPostByText<T extends Record<string, unknown>>(
  ctx: PublishContext,
  options: {
    url: string;
    textField: string;
    linkField: string;
    fields: string;
    text: string;
    query: ReconcileQuery;
    mapError: (status: number, body: string) => string;
    accept?: (item: T) => boolean;
  },
) {
  const wanted = normalizeText(options.text);
  const { query } = options;
  return findInGraphList<T>(
    ctx,
    options.url,
    { fields: options.fields, since: String(Math.floor((query.since - CLOCK_SKEW_MS) / 1000)) },
    options.mapError,
    (item) => {
      const id = typeof item.id === 'string' ? item.id : null;
      const text = item[options.textField];
      if (!id || query.knownIds.has(id) || normalizeText(typeof text === 'string' ? text : '') !== wanted)
        return null;
      if (options.accept && !options.accept(item)) return null;
      const link = item[options.linkField];
      return { platformPostId: id, url: typeof link === 'string' ? ctx.http.url(link) : null };
    },
  );
}

/** A media container's status field, or null when the platform no longer knows the container. */
export async function containerStatusOf(
  ctx: PublishContext,
  url: string,
  field: 'status' | 'status_code',
  mapError: (status: number, body: string) => string,
): Promise<string | null> {
  try {
    const body = await graphJson<Record<string, unknown>>(ctx, `${url}?fields=${field}`, {
      headers: await bearer(ctx),
      mapError,
    });
    return typeof body[field] === 'string' ? (body[field] as string) : null;
  } catch (error) {
    if (error instanceof PublishError && error.kind === 'permanent') return null;
    throw error;
  }
}

export async function bearer(ctx: PublishContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await ctx.accessToken()}` };
}

/** A JSON POST body with the bearer token. */
export async function jsonPost(ctx: PublishContext, payload: Record<string, unknown>): Promise<RequestInit> {
  return {
    method: 'POST',
    headers: { ...(await bearer(ctx)), 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  };
}
