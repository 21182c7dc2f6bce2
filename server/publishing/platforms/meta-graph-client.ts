import { graphJson } from '../../platforms/meta-graph.js';
import { PlatformError } from '../../platforms/platform-error.js';
import type { PublishContext, ReconcileQuery } from '../platform-adapter.js';
import { CLOCK_SKEW_MS } from '../reconcile-post.js';
import { normalizeText } from './adapter-support.js';

/** Graph list pages of 100 read when looking for a post (a busy account's last minutes). */
const LIST_PAGES = 5;

/**
 * Pages through a Graph list edge (newest first, `after` cursors) until `pick` recognises an
 * item; null when none of the pages has it.
 */
async function findInGraphList<T>(
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
    if (error instanceof PlatformError && error.kind === 'permanent') return null;
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
