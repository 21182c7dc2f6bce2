import twitterText from 'twitter-text';
import type { PublishContext, ReconcileQuery } from '../platform-adapter.js';
import { CLOCK_SKEW_MS } from '../reconcile-post.js';
import { normalizeText } from './adapter-support.js';
import { API, authHeaders, twitterErrorMessage } from './twitter-api.js';

/** Timeline pages of 100 read when looking for a post (a busy account's last few minutes). */
const TIMELINE_PAGES = 5;

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
export async function findOnTimeline(ctx: PublishContext, text: string, query: ReconcileQuery) {
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
