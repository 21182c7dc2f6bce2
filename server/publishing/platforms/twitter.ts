import twitterText from 'twitter-text';
import { truncateText } from '../../../shared/text/truncate.js';
import { PlatformError } from '../../platforms/platform-error.js';
import type {
  PlatformAdapter,
  PublishContext,
  PublishMedia,
  ReconcileQuery,
  ReconcileResult,
} from '../platform-adapter.js';
import { CLOCK_SKEW_MS } from '../reconcile-post.js';
import {
  asString,
  chainParts,
  donePartIds,
  duplicateAfterResend,
  fileBlob,
  multipartBody,
  normalizeText,
  parseJson,
  pollUntil,
  readChunks,
} from './adapter-support.js';

/**
 * X API v2 (platform-apis.md section 1): media upload v2, POST /2/tweets, threads as a chain
 * of replies. Messages follow spec 02 section 8.
 */
const API = 'https://api.x.com/2';
/** twitter-api-v2 and Postiz append 1 MB segments. */
const CHUNK_BYTES = 1024 * 1024;
const SIMPLE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const MAX_PROCESSING_WAIT_MS = 10 * 60_000;
const MAX_MEDIA_PER_TWEET = 4;
/** Timeline pages of 100 read when looking for a post (a busy account's last few minutes). */
const TIMELINE_PAGES = 5;

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

async function authHeaders(ctx: PublishContext, json = false): Promise<Record<string, string>> {
  const headers: Record<string, string> = { authorization: `Bearer ${await ctx.accessToken()}` };
  if (json) headers['content-type'] = 'application/json';
  return headers;
}

interface MediaData {
  data?: {
    id?: string;
    processing_info?: {
      state?: 'pending' | 'in_progress' | 'succeeded' | 'failed';
      check_after_secs?: number;
      error?: { message?: string; name?: string };
    };
  };
}

function category(media: PublishMedia): 'tweet_image' | 'tweet_gif' | 'tweet_video' {
  if (media.mimeType === 'image/gif') return 'tweet_gif';
  return media.kind === 'video' ? 'tweet_video' : 'tweet_image';
}

async function uploadSimple(ctx: PublishContext, media: PublishMedia): Promise<string> {
  const form = multipartBody({
    media_category: 'tweet_image',
    media_type: media.mimeType,
    media: { blob: await fileBlob(media), fileName: media.fileName },
  });
  const { body } = await ctx.http.json<MediaData>(`${API}/media/upload`, {
    method: 'POST',
    headers: await authHeaders(ctx),
    body: form,
    mapError: twitterErrorMessage,
  });
  const id = body.data?.id;
  if (!id) throw new PlatformError('retryable', FAILED_TO_POST);
  return id;
}

async function uploadChunked(ctx: PublishContext, media: PublishMedia): Promise<string> {
  const init = await ctx.http.json<MediaData>(`${API}/media/upload/initialize`, {
    method: 'POST',
    headers: await authHeaders(ctx, true),
    body: JSON.stringify({
      media_type: media.mimeType,
      total_bytes: media.sizeBytes,
      media_category: category(media),
    }),
    mapError: twitterErrorMessage,
  });
  const id = init.body.data?.id;
  if (!id) throw new PlatformError('retryable', FAILED_TO_POST);
  let segment = 0;
  for await (const chunk of readChunks(media.path, CHUNK_BYTES)) {
    const form = multipartBody({
      segment_index: String(segment),
      media: { blob: await fileBlob(media, chunk), fileName: media.fileName },
    });
    await ctx.http.request(`${API}/media/upload/${id}/append`, {
      method: 'POST',
      headers: await authHeaders(ctx),
      body: form,
      mapError: twitterErrorMessage,
    });
    segment += 1;
  }
  const finalized = await ctx.http.json<MediaData>(`${API}/media/upload/${id}/finalize`, {
    method: 'POST',
    headers: await authHeaders(ctx),
    mapError: twitterErrorMessage,
  });
  await waitUntilProcessed(ctx, id, finalized.body);
  return id;
}

/** Video and GIF processing: STATUS until `succeeded`, honouring `check_after_secs`. */
async function waitUntilProcessed(ctx: PublishContext, id: string, first: MediaData): Promise<void> {
  let current = first;
  let checked = false;
  await pollUntil(
    ctx,
    {
      maxWaitMs: MAX_PROCESSING_WAIT_MS,
      timeoutMessage: 'X is still processing the video. We will try again.',
    },
    async () => {
      if (checked) {
        const { body } = await ctx.http.json<MediaData>(
          `${API}/media/upload?command=STATUS&media_id=${encodeURIComponent(id)}`,
          { headers: await authHeaders(ctx), mapError: twitterErrorMessage },
        );
        current = body;
      }
      checked = true;
      const info = current.data?.processing_info;
      if (!info || info.state === 'succeeded') return { done: true, value: undefined };
      if (info.state === 'failed') {
        throw new PlatformError(
          'permanent',
          asString(info.error?.message) ?? asString(info.error?.name) ?? FAILED_TO_POST,
        );
      }
      return { done: false, waitMs: Math.max(1, info.check_after_secs ?? 1) * 1000 };
    },
  );
}

async function uploadMedia(
  ctx: PublishContext,
  media: PublishMedia,
  altText: string | null,
): Promise<string> {
  const isStill = media.kind === 'image' && media.mimeType !== 'image/gif';
  const id =
    isStill && media.sizeBytes <= SIMPLE_UPLOAD_MAX_BYTES
      ? await uploadSimple(ctx, media)
      : await uploadChunked(ctx, media);
  if (altText && media.kind === 'image') {
    await ctx.http.request(`${API}/media/metadata`, {
      method: 'POST',
      headers: await authHeaders(ctx, true),
      body: JSON.stringify({
        id,
        metadata: { alt_text: { text: truncateText(altText, 1000, { unit: 'utf16' }) } },
      }),
      mapError: twitterErrorMessage,
    });
  }
  return id;
}

async function createTweet(
  ctx: PublishContext,
  text: string,
  mediaIds: string[],
  replyTo: string | null,
): Promise<string> {
  const payload: Record<string, unknown> = { text };
  if (mediaIds.length) payload.media = { media_ids: mediaIds };
  if (replyTo) payload.reply = { in_reply_to_tweet_id: replyTo };
  const { body } = await ctx.http
    .json<{ data?: { id?: unknown } }>(`${API}/tweets`, {
      method: 'POST',
      headers: await authHeaders(ctx, true),
      body: JSON.stringify(payload),
      commit: true,
      mapError: twitterErrorMessage,
    })
    .catch((error: unknown) => {
      throw duplicateAfterResend(ctx, error, (message) => message.includes('duplicate content'));
    });
  const id = body.data?.id;
  if (typeof id !== 'string' || !id) throw new PlatformError('permanent', NO_POST_ID);
  return id;
}

interface TimelineTweet {
  id?: string;
  text?: string;
  referenced_tweets?: Array<{ type?: string; id?: string }>;
  entities?: { urls?: Array<{ url?: string; expanded_url?: string }> };
}

/** Links without their scheme: X wraps them in t.co and gives back `http://` for bare domains. */
function withoutSchemes(text: string): string {
  let out = '';
  let last = 0;
  for (const { url, indices } of twitterText.extractUrlsWithIndices(text)) {
    out += text.slice(last, indices[0]) + url.replace(/^https?:\/\//i, '');
    last = indices[1];
  }
  return normalizeText(out + text.slice(last));
}

/** A timeline post's text as it was sent: t.co links expanded, `&amp;` `&lt;` `&gt;` unescaped. */
function sentText(tweet: TimelineTweet): string {
  let text = tweet.text ?? '';
  for (const link of tweet.entities?.urls ?? []) {
    if (link.url && link.expanded_url) text = text.split(link.url).join(link.expanded_url);
  }
  return withoutSchemes(text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
}

/**
 * The user's timeline (GET /2/users/:id/tweets) from just before the request may have left: the
 * part is there if a post of the same text (replying to the previous part, for a thread) is.
 * X refuses the same text twice from one account, so the text identifies it.
 */
async function findOnTimeline(ctx: PublishContext, text: string, query: ReconcileQuery) {
  const wanted = withoutSchemes(text);
  // Second granularity, no milliseconds (X refuses them).
  const startTime = new Date(query.since - CLOCK_SKEW_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
  let token: string | undefined;
  for (let page = 0; page < TIMELINE_PAGES; page += 1) {
    const params = new URLSearchParams({
      max_results: '100',
      start_time: startTime,
      'tweet.fields': 'created_at,referenced_tweets,entities',
    });
    if (token) params.set('pagination_token', token);
    const { body } = await ctx.http.json<{ data?: TimelineTweet[]; meta?: { next_token?: string } }>(
      `${API}/users/${encodeURIComponent(ctx.account.platformAccountId)}/tweets?${params}`,
      { headers: await authHeaders(ctx), mapError: twitterErrorMessage },
    );
    for (const tweet of body.data ?? []) {
      if (!tweet.id || query.knownIds.has(tweet.id) || sentText(tweet) !== wanted) continue;
      const repliedTo = tweet.referenced_tweets?.find((ref) => ref.type === 'replied_to')?.id ?? null;
      if (repliedTo === query.replyTo) return tweet.id;
    }
    token = body.meta?.next_token;
    if (!token) break;
  }
  return null;
}

function tweetUrl(ctx: PublishContext, id: string): string | null {
  const handle =
    asString(ctx.account.metadata.username) ?? ctx.account.accountHandle?.replace(/^@/, '') ?? null;
  if (!handle) return null;
  // Mapped through the sandbox in demo mode so View Post opens the sandbox's page.
  return ctx.http.url(`https://x.com/${encodeURIComponent(handle)}/status/${id}`);
}

export const twitterAdapter: PlatformAdapter = {
  platform: 'twitter',

  async publish(ctx, input) {
    const parts = chainParts(input);
    const altText = asString(input.metadata.alt_text);
    const ids = donePartIds(ctx);
    for (let index = ids.length; index < parts.length; index += 1) {
      const part = parts[index] as (typeof parts)[number];
      if (part.media.length > MAX_MEDIA_PER_TWEET) {
        throw new PlatformError('permanent', 'A post can include up to 4 photos, or 1 GIF, or 1 video.');
      }
      const mediaIds: string[] = [];
      for (const media of part.media) {
        mediaIds.push(await uploadMedia(ctx, media, index === 0 ? altText : null));
      }
      const id = await createTweet(ctx, part.content, mediaIds, ids[index - 1] ?? null);
      ids.push(id);
      // Recorded at once: a retry continues after the last public part instead of repeating it.
      await ctx.saveProgress({ parts: [...ids] });
    }
    const first = ids[0];
    if (!first) throw new PlatformError('permanent', NO_POST_ID);
    return { platformPostId: first, url: tweetUrl(ctx, first) };
  },

  async postUrl(ctx, platformPostId) {
    return tweetUrl(ctx, platformPostId);
  },

  // X publishes no figure; timelines usually catch up within seconds.
  visibilityDelayMs: 30_000,

  async reconcile(ctx, input, query): Promise<ReconcileResult> {
    const part = chainParts(input)[query.part];
    // A post of media only has no text to recognise it by.
    if (!part || !normalizeText(part.content)) return { status: 'unknowable' };
    const id = await findOnTimeline(ctx, part.content, query);
    return id ? { status: 'found', platformPostId: id, url: tweetUrl(ctx, id) } : { status: 'absent' };
  },

  async lookupUsers(ctx, query) {
    const headers = await authHeaders(ctx);
    const toUser = (u: { id?: unknown; username?: unknown; name?: unknown }) => ({
      id: String(u.id ?? ''),
      username: String(u.username ?? ''),
      name: String(u.name ?? ''),
    });
    try {
      const { body } = await ctx.http.json<{
        data?: Array<{ id?: unknown; username?: unknown; name?: unknown }>;
      }>(`${API}/users/search?query=${encodeURIComponent(query)}&max_results=10`, {
        headers,
        timeoutMs: 5000,
      });
      return (body.data ?? []).map(toUser).filter((u) => u.id && u.username);
    } catch {
      // users/search is not available on every access tier: fall back to an exact username.
      if (!/^\w{1,15}$/.test(query)) return [];
      const { body } = await ctx.http.json<{ data?: { id?: unknown; username?: unknown; name?: unknown } }>(
        `${API}/users/by/username/${encodeURIComponent(query)}`,
        { headers, timeoutMs: 5000 },
      );
      return body.data ? [toUser(body.data)].filter((u) => u.id && u.username) : [];
    }
  },
};
