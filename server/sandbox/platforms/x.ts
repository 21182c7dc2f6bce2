import crypto from 'node:crypto';
import twitterText from 'twitter-text';
import { isListed } from '../sandbox-state.js';
import type {
  PublishedMedia,
  SandboxApp,
  SandboxContext,
  SandboxContextC,
  SandboxPlatformModule,
} from '../sandbox-types.js';
import { demoMetric } from './shared.js';
import { invalidRequest, problem, requireXToken } from './x-api.js';
import { registerXAuth } from './x-auth.js';
import { isMediaReady, registerXMedia, xMediaStore } from './x-media.js';
import { X_DEMO_USER, X_DIRECTORY, xUserObject } from './x-users.js';

/** POST /2/tweets: 100 per 15 minutes per user (docs.x.com rate-limits). */
const TWEET_LIMIT = 100;
const TWEET_WINDOW_MS = 15 * 60 * 1000;
/** GET /2/users/:id/tweets: 900 per 15 minutes per user. */
const TIMELINE_LIMIT = 900;

interface Tweet {
  id: string;
  text: string;
  authorId: string;
  createdAt: string;
  replyToId: string | null;
  mediaKeys: string[];
}

function tweetStore(ctx: SandboxContext) {
  return ctx.store('twitter:tweets', () => ({
    byId: new Map<string, Tweet>(),
    /** `${authorId}\n${text}`: X refuses the same text twice from one account. */
    texts: new Set<string>(),
  }));
}

function userById(id: string) {
  return X_DIRECTORY.find((u) => u.id === id) ?? X_DEMO_USER;
}

function registerXApi(app: SandboxApp, ctx: SandboxContext): void {
  app.get('/api.x.com/2/users/me', (c) => {
    const auth = requireXToken(c, ctx, ['users.read']);
    if (!auth.ok) return auth.response;
    return c.json({ data: xUserObject(c, ctx, userById(auth.token.accountId)) });
  });

  app.get('/api.x.com/2/users/by/username/:username', (c) => {
    const auth = requireXToken(c, ctx, ['users.read']);
    if (!auth.ok) return auth.response;
    const username = c.req.param('username');
    const user = X_DIRECTORY.find((u) => u.handle.toLowerCase() === username.toLowerCase());
    if (!user) {
      return c.json({
        errors: [
          {
            value: username,
            detail: `Could not find user with username: [${username}].`,
            title: 'Not Found Error',
            resource_type: 'user',
            parameter: 'username',
            resource_id: username,
            type: 'https://api.x.com/2/problems/resource-not-found',
          },
        ],
      });
    }
    return c.json({ data: xUserObject(c, ctx, user) });
  });

  app.get('/api.x.com/2/users/search', (c) => {
    const auth = requireXToken(c, ctx, ['users.read']);
    if (!auth.ok) return auth.response;
    const query = (c.req.query('query') ?? '').replace(/^@/, '').toLowerCase();
    if (!query) return invalidRequest(c, '`query` is required.', { query: [] });
    const max = Math.min(Math.max(Number(c.req.query('max_results') ?? 100) || 100, 1), 1000);
    const users = X_DIRECTORY.filter(
      (u) => u.handle.toLowerCase().includes(query) || u.name.toLowerCase().includes(query),
    ).slice(0, max);
    return c.json({ data: users.map((u) => xUserObject(c, ctx, u)), meta: { result_count: users.length } });
  });

  app.post('/api.x.com/2/tweets', async (c) => {
    const auth = requireXToken(c, ctx, ['tweet.write']);
    if (!auth.ok) return auth.response;
    const accountId = auth.token.accountId;
    const limit = ctx.rateLimit(`twitter:tweets:${accountId}`, TWEET_LIMIT, TWEET_WINDOW_MS);
    const rateHeaders = {
      'x-rate-limit-limit': String(TWEET_LIMIT),
      'x-rate-limit-remaining': String(limit.remaining),
      'x-rate-limit-reset': String(Math.ceil(limit.resetAt / 1000)),
    };
    if (!limit.allowed) {
      const res = problem(c, 429, 'Too Many Requests', 'Too Many Requests', 'about:blank');
      for (const [k, v] of Object.entries(rateHeaders)) res.headers.set(k, v);
      return res;
    }
    for (const [k, v] of Object.entries(rateHeaders)) c.header(k, v);

    const body = await ctx.readJson<{
      text?: unknown;
      media?: { media_ids?: unknown };
      reply?: { in_reply_to_tweet_id?: unknown };
    }>(c);
    if (!body || typeof body !== 'object') return invalidRequest(c, 'Request body must be a JSON object.');
    const text = typeof body.text === 'string' ? body.text : '';
    const mediaIds = body.media?.media_ids;
    if (
      mediaIds !== undefined &&
      (!Array.isArray(mediaIds) || mediaIds.some((id) => typeof id !== 'string'))
    ) {
      return invalidRequest(c, '`media.media_ids` must be an array of strings.', {
        'media.media_ids': mediaIds,
      });
    }
    const ids = (mediaIds as string[] | undefined) ?? [];
    if (!text.trim() && ids.length === 0) {
      return invalidRequest(c, 'Post text or media is required.', { text: [text] });
    }
    if (text && twitterText.parseTweet(text).weightedLength > 280) {
      return problem(
        c,
        403,
        'Forbidden',
        'Your Tweet text is too long. For more information on how X counts characters, see https://docs.x.com/resources/fundamentals/counting-characters',
      );
    }
    if (ids.length > 4) {
      return invalidRequest(c, '$.media.media_ids: must have a maximum of 4 items', {
        'media.media_ids': ids,
      });
    }
    const store = xMediaStore(ctx);
    const media = ids.map((id) => store.get(id));
    if (media.some((m) => !m || m.ownerId !== accountId)) {
      return invalidRequest(c, 'Your media IDs are invalid.', { 'media.media_ids': ids });
    }
    const items = media as NonNullable<(typeof media)[number]>[];
    if (items.length > 1 && items.some((m) => m.kind !== 'image')) {
      return invalidRequest(c, 'A post can include up to 4 photos, or 1 GIF, or 1 video.', {
        'media.media_ids': ids,
      });
    }
    const notReady = items.find((m) => !isMediaReady(ctx, m));
    if (notReady) {
      return invalidRequest(c, `Media id ${notReady.id} is not ready: processing has not succeeded yet.`, {
        'media.media_ids': ids,
      });
    }
    const tweets = tweetStore(ctx);
    const replyTo = body.reply?.in_reply_to_tweet_id;
    if (replyTo !== undefined && (typeof replyTo !== 'string' || !tweets.byId.has(replyTo))) {
      return problem(
        c,
        403,
        'Forbidden',
        'You attempted to reply to a Tweet that is deleted or not visible to you.',
        'about:blank',
      );
    }
    const dedupeKey = `${accountId}\n${text}`;
    if (text && tweets.texts.has(dedupeKey)) {
      return problem(c, 403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');
    }
    const user = userById(accountId);
    const id = ctx.numericId();
    const tweet: Tweet = {
      id,
      text,
      authorId: accountId,
      createdAt: new Date(ctx.now()).toISOString(),
      replyToId: typeof replyTo === 'string' ? replyTo : null,
      mediaKeys: items.map((m) => m.mediaKey),
    };
    tweets.byId.set(id, tweet);
    if (text) tweets.texts.add(dedupeKey);
    const publishedMedia: PublishedMedia[] = items.map((m) => ({ kind: m.kind, bytes: m.totalBytes }));
    ctx.recordPost({
      platform: 'twitter',
      id,
      accountId,
      accountName: user.name,
      text,
      type: items[0]?.kind ?? 'text',
      media: publishedMedia,
      replyToId: tweet.replyToId,
      permalink: ctx.publicUrl('x.com', `${user.handle}/status/${id}`),
    });
    return c.json({ data: { id, text, edit_history_tweet_ids: [id] } }, 201);
  });

  app.get('/api.x.com/2/tweets', (c) => {
    const auth = requireXToken(c, ctx, ['tweet.read']);
    if (!auth.ok) return auth.response;
    const ids = (c.req.query('ids') ?? '').split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 100)
      return invalidRequest(c, '`ids` must list 1 to 100 ids.', { ids });
    const fields = (c.req.query('tweet.fields') ?? '').split(',');
    const tweets = tweetStore(ctx);
    const data: Record<string, unknown>[] = [];
    const errors: Record<string, unknown>[] = [];
    for (const id of ids) {
      const tweet = tweets.byId.get(id);
      if (!tweet) {
        errors.push({
          value: id,
          detail: `Could not find tweet with ids: [${id}].`,
          title: 'Not Found Error',
          resource_type: 'tweet',
          parameter: 'ids',
          resource_id: id,
          type: 'https://api.x.com/2/problems/resource-not-found',
        });
        continue;
      }
      data.push(tweetObject(ctx, tweet, fields));
    }
    return c.json({ ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) });
  });

  app.get('/api.x.com/2/users/:id/tweets', (c) => userTimeline(c, ctx));

  app.get('/api.x.com/2/tweets/:id', (c) => {
    const auth = requireXToken(c, ctx, ['tweet.read']);
    if (!auth.ok) return auth.response;
    const tweet = tweetStore(ctx).byId.get(c.req.param('id'));
    if (!tweet) {
      return problem(
        c,
        404,
        'Not Found Error',
        'Could not find tweet.',
        'https://api.x.com/2/problems/resource-not-found',
      );
    }
    return c.json({ data: tweetObject(ctx, tweet, (c.req.query('tweet.fields') ?? '').split(',')) });
  });

  for (const host of ['x.com', 'twitter.com']) {
    app.get(`/${host}/:user/status/:id`, (c) =>
      ctx.renderPostPage(c, ctx.findPost('twitter', c.req.param('id'))),
    );
  }
}

/**
 * GET /2/users/:id/tweets: the user's posts, newest first, `max_results` (5-100) a page with a
 * `next_token`, optionally from `start_time`/`since_id` and without replies. Like X's read side, a
 * new post only shows once `listDelayMs` has passed.
 */
function userTimeline(c: SandboxContextC, ctx: SandboxContext): Response {
  const auth = requireXToken(c, ctx, ['tweet.read', 'users.read']);
  if (!auth.ok) return auth.response;
  const limit = ctx.rateLimit(`twitter:timeline:${auth.token.accountId}`, TIMELINE_LIMIT, TWEET_WINDOW_MS);
  if (!limit.allowed) {
    const res = problem(c, 429, 'Too Many Requests', 'Too Many Requests', 'about:blank');
    res.headers.set('x-rate-limit-reset', String(Math.ceil(limit.resetAt / 1000)));
    return res;
  }
  const userId = c.req.param('id');
  if (!X_DIRECTORY.some((u) => u.id === userId)) {
    return problem(
      c,
      404,
      'Not Found Error',
      `Could not find user with id: [${userId}].`,
      'https://api.x.com/2/problems/resource-not-found',
    );
  }
  const query = c.req.query();
  const max = query.max_results === undefined ? 10 : Number(query.max_results);
  if (!Number.isInteger(max) || max < 5 || max > 100) {
    return invalidRequest(c, 'The `max_results` query parameter value is not between 5 and 100', {
      max_results: [query.max_results],
    });
  }
  const times: Record<string, number> = {};
  for (const name of ['start_time', 'end_time'] as const) {
    if (query[name] === undefined) continue;
    const at = Date.parse(query[name]);
    if (!Number.isFinite(at)) {
      return invalidRequest(c, `Invalid '${name}': must be an RFC 3339 date-time.`, {
        [name]: [query[name]],
      });
    }
    times[name] = at;
  }
  const exclude = (query.exclude ?? '').split(',');
  const now = ctx.now();
  const tweets = [...tweetStore(ctx).byId.values()]
    .filter((tweet) => {
      const created = Date.parse(tweet.createdAt);
      if (tweet.authorId !== userId || !isListed(ctx.state.settings, created, now)) return false;
      if (times.start_time !== undefined && created < times.start_time) return false;
      if (times.end_time !== undefined && created > times.end_time) return false;
      if (query.since_id && BigInt(tweet.id) <= BigInt(query.since_id)) return false;
      if (query.until_id && BigInt(tweet.id) >= BigInt(query.until_id)) return false;
      return !(exclude.includes('replies') && tweet.replyToId);
    })
    .reverse();
  const offset = query.pagination_token
    ? Number(Buffer.from(query.pagination_token, 'base64url').toString())
    : 0;
  if (!Number.isInteger(offset) || offset < 0) {
    return invalidRequest(c, 'The `pagination_token` query parameter value is not valid', {
      pagination_token: [query.pagination_token],
    });
  }
  const page = tweets.slice(offset, offset + max);
  const fields = (query['tweet.fields'] ?? '').split(',');
  const meta: Record<string, unknown> = { result_count: page.length };
  if (page.length > 0) {
    meta.newest_id = page[0]?.id;
    meta.oldest_id = page.at(-1)?.id;
  }
  if (offset + max < tweets.length) meta.next_token = Buffer.from(String(offset + max)).toString('base64url');
  return c.json({
    ...(page.length ? { data: page.map((tweet) => tweetObject(ctx, tweet, fields)) } : {}),
    meta,
  });
}

/**
 * The text as X's API reads it back: every link wrapped as a t.co address (the original in
 * `entities.urls`) and `&`, `<`, `>` HTML-escaped.
 */
function readBack(text: string): { text: string; urls: Array<Record<string, unknown>> } {
  const urls: Array<Record<string, unknown>> = [];
  let out = '';
  let last = 0;
  for (const { url, indices } of twitterText.extractUrlsWithIndices(text)) {
    const short = `https://t.co/${crypto.createHash('sha256').update(url).digest('base64url').slice(0, 10)}`;
    out += text.slice(last, indices[0]);
    const start = [...out].length;
    out += short;
    urls.push({
      start,
      end: start + short.length,
      url: short,
      expanded_url: /^https?:\/\//i.test(url) ? url : `http://${url}`,
      display_url: url.replace(/^https?:\/\//i, ''),
    });
    last = indices[1];
  }
  out += text.slice(last);
  return { text: out.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'), urls };
}

function tweetObject(ctx: SandboxContext, tweet: Tweet, fields: string[]): Record<string, unknown> {
  const read = readBack(tweet.text);
  const result: Record<string, unknown> = {
    id: tweet.id,
    text: read.text,
    edit_history_tweet_ids: [tweet.id],
  };
  if (fields.includes('entities') && read.urls.length) result.entities = { urls: read.urls };
  if (fields.includes('created_at')) result.created_at = tweet.createdAt;
  if (fields.includes('author_id')) result.author_id = tweet.authorId;
  if (fields.includes('referenced_tweets') && tweet.replyToId)
    result.referenced_tweets = [{ type: 'replied_to', id: tweet.replyToId }];
  if (fields.includes('in_reply_to_user_id') && tweet.replyToId) {
    const parent = tweetStore(ctx).byId.get(tweet.replyToId);
    if (parent) result.in_reply_to_user_id = parent.authorId;
  }
  if (fields.includes('attachments') && tweet.mediaKeys.length)
    result.attachments = { media_keys: tweet.mediaKeys };
  if (fields.includes('public_metrics')) {
    const now = ctx.now();
    result.public_metrics = {
      retweet_count: demoMetric(`${tweet.id}:rt`, tweet.createdAt, now, 3),
      reply_count: demoMetric(`${tweet.id}:re`, tweet.createdAt, now, 2),
      like_count: demoMetric(`${tweet.id}:like`, tweet.createdAt, now, 12),
      quote_count: demoMetric(`${tweet.id}:q`, tweet.createdAt, now, 1),
      bookmark_count: demoMetric(`${tweet.id}:bm`, tweet.createdAt, now, 2),
      impression_count: demoMetric(`${tweet.id}:imp`, tweet.createdAt, now, 400),
    };
  }
  return result;
}

export const xModule: SandboxPlatformModule = {
  platform: 'twitter',
  hosts: ['x.com', 'twitter.com', 'api.x.com'],
  register(app, ctx) {
    registerXAuth(app, ctx);
    registerXMedia(app, ctx);
    registerXApi(app, ctx);
  },
};
