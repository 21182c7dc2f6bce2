import { request } from 'undici';
import { FEED_LIMITS, FEED_MESSAGES } from '../../shared/feeds/api.js';
import {
  type AddressPolicy,
  pinnedAgent,
  refuseNonPublic,
  resolveTarget,
  TargetRefused,
} from '../core/pinned-request.js';
import type { AppDeps } from '../http/types.js';

const MAX_REDIRECTS = 5;

/** Why a fetch failed, in words for the user (the feed's last error, or the add form's message). */
export class FeedFetchError extends Error {}

export type FeedFetchResult =
  | { notModified: true }
  | { notModified: false; body: string; etag: string | null; lastModified: string | null };

interface Validators {
  etag: string | null;
  lastModified: string | null;
}

const PRIVATE_MESSAGE = 'This address points to a private or local network and cannot be fetched.';

/**
 * Downloads a feed through the same address guard as media from a URL (core/pinned-request.ts:
 * every hop resolved and checked, the connection pinned to the checked address; lifted only by
 * ALLOW_PRIVATE_MEDIA_URLS, as there), with a size cap while streaming and one deadline for
 * the whole request. The stored validators make it conditional: 304 means nothing new.
 */
export async function fetchFeed(
  deps: { config: Pick<AppDeps['config'], 'ALLOW_PRIVATE_MEDIA_URLS'> },
  rawUrl: string,
  validators: Validators = { etag: null, lastModified: null },
  options: { isRefused?: AddressPolicy } = {},
): Promise<FeedFetchResult> {
  const isRefused = deps.config.ALLOW_PRIVATE_MEDIA_URLS ? null : (options.isRefused ?? refuseNonPublic);
  const deadline = AbortSignal.timeout(FEED_LIMITS.timeoutMs);
  let url = parseFeedUrl(rawUrl);
  for (let hop = 0; ; hop += 1) {
    let target: Awaited<ReturnType<typeof resolveTarget>>;
    try {
      target = await resolveTarget(url, isRefused);
    } catch (error) {
      if (error instanceof TargetRefused)
        throw new FeedFetchError(
          error.reason === 'private' ? PRIVATE_MESSAGE : 'The address could not be resolved.',
        );
      throw error;
    }
    const agent = pinnedAgent(target, {
      connect: FEED_LIMITS.timeoutMs,
      headers: FEED_LIMITS.timeoutMs,
      body: FEED_LIMITS.timeoutMs,
    });
    try {
      const headers: Record<string, string> = {
        accept:
          'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.5',
        'user-agent': 'Postloom feed reader',
      };
      if (validators.etag) headers['if-none-match'] = validators.etag;
      if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
      let response: Awaited<ReturnType<typeof request>>;
      try {
        response = await request(url, { method: 'GET', dispatcher: agent, signal: deadline, headers });
      } catch (error) {
        throw new FeedFetchError(isTimeout(error) ? FEED_MESSAGES.timeout : FEED_MESSAGES.unreachable);
      }
      const { statusCode, body } = response;
      if (statusCode === 304) {
        body.resume();
        return { notModified: true };
      }
      const location = header(response.headers, 'location');
      if (statusCode >= 300 && statusCode < 400 && location) {
        body.resume();
        if (hop >= MAX_REDIRECTS) throw new FeedFetchError('The address redirected too many times.');
        url = parseFeedUrl(location, url);
        continue;
      }
      if (statusCode < 200 || statusCode >= 300) {
        body.resume();
        throw new FeedFetchError(FEED_MESSAGES.status(statusCode));
      }
      const declared = Number(header(response.headers, 'content-length') ?? '0');
      if (declared > FEED_LIMITS.maxBytes) {
        body.destroy();
        throw new FeedFetchError(FEED_MESSAGES.tooLarge);
      }
      return {
        notModified: false,
        body: await readCapped(body),
        etag: header(response.headers, 'etag'),
        lastModified: header(response.headers, 'last-modified'),
      };
    } finally {
      void agent.close().catch(() => undefined);
    }
  }
}

/** The body as text, stopped as soon as it passes the cap (the rest is never downloaded). */
async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      size += chunk.length;
      if (size > FEED_LIMITS.maxBytes) {
        body.destroy();
        throw new FeedFetchError(FEED_MESSAGES.tooLarge);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    throw new FeedFetchError(isTimeout(error) ? FEED_MESSAGES.timeout : FEED_MESSAGES.unreachable);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseFeedUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FeedFetchError(FEED_MESSAGES.urlInvalid);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new FeedFetchError(FEED_MESSAGES.urlInvalid);
  return url;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function isTimeout(error: unknown): boolean {
  // undici's codes are strings; an abort's DOMException carries a number (20).
  const code = String((error as { code?: unknown })?.code ?? '');
  const name = (error as { name?: string })?.name ?? '';
  return code.includes('TIMEOUT') || name === 'TimeoutError' || name === 'AbortError';
}
