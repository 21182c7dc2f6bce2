import { PlatformError } from '../../platforms/platform-error.js';
import type { PlatformAdapter, PublishContext, ReconcileResult } from '../platform-adapter.js';
import { asString, chainParts, donePartIds, duplicateAfterResend, normalizeText } from './adapter-support.js';
import { API, authHeaders, NO_POST_ID, twitterErrorMessage } from './twitter-api.js';
import { MAX_MEDIA_PER_TWEET, uploadMedia } from './twitter-media.js';
import { findOnTimeline } from './twitter-timeline.js';

/**
 * X API v2 (platform-apis.md section 1): media upload v2, POST /2/tweets, threads as a chain
 * of replies. Messages follow spec 02 section 8.
 */

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
