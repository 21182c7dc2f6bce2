import { isListed } from '../sandbox-state.js';
import type {
  SandboxContext,
  SandboxContextC,
  SandboxPlatformModule,
  TokenRecord,
} from '../sandbox-types.js';
import { containerStatus, type MediaContainer, startDownload } from './meta-containers.js';
import {
  type GraphParams,
  graphError,
  graphId,
  graphPage,
  graphSegments,
  isTrue,
  listParam,
  missingParam,
  readGraphParams,
  requireGraphToken,
  selectFields,
  shortcode,
  unsupportedRequest,
  windowCount,
} from './meta-graph.js';
import { accountInsights, mediaInsights } from './meta-insights.js';
import { exchangeLongLived, refreshLongLived, SHORT_LIVED_SECONDS } from './meta-oauth.js';

const TH_USER = { id: '7723501948823116', username: 'postloom.demo', name: 'Postloom Demo' };
const TEXT_LIMIT = 500;
const POSTS_PER_DAY = 250;
const REPLIES_PER_DAY = 1000;
const CAROUSEL_MIN = 2;
const CAROUSEL_MAX = 20;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u200d|\ufe0f/u;

/** Threads' 500 limit counts characters, except that an emoji counts as its UTF-8 bytes. */
export function threadsTextLength(text: string): number {
  let length = 0;
  for (const char of text) length += EMOJI.test(char) ? Buffer.byteLength(char, 'utf8') : 1;
  return length;
}

interface ThMedia {
  id: string;
  accountId: string;
  text: string;
  mediaType: 'TEXT_POST' | 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  shortcode: string;
  permalink: string;
  replyToId: string | null;
  mediaUrl?: string;
  createdAt: number;
}

interface ThStore {
  containers: Map<string, MediaContainer>;
  media: Map<string, ThMedia>;
  byShortcode: Map<string, string>;
  posts: Map<string, number[]>;
  replies: Map<string, number[]>;
}

function thStore(ctx: SandboxContext): ThStore {
  return ctx.store('threads', () => ({
    containers: new Map(),
    media: new Map(),
    byShortcode: new Map(),
    posts: new Map(),
    replies: new Map(),
  }));
}

function windowOf(ctx: SandboxContext, map: Map<string, number[]>, accountId: string): number[] {
  const times = map.get(accountId) ?? [];
  map.set(accountId, times);
  windowCount(times, ctx.now());
  return times;
}

/** `POST graph.threads.net/oauth/access_token` (form): the code for a short-lived token. */
async function handleCodeExchange(c: SandboxContextC, ctx: SandboxContext): Promise<Response> {
  const { params } = await readGraphParams(c);
  for (const field of ['client_id', 'client_secret', 'code', 'redirect_uri']) {
    if (!params[field]) return missingParam(c, field);
  }
  if (params.grant_type && params.grant_type !== 'authorization_code') {
    return graphError(c, { code: 100, message: 'Unsupported grant_type: use authorization_code' });
  }
  if (!ctx.checkClient('threads', params.client_id!, params.client_secret)) {
    return graphError(c, { code: 101, message: 'Error validating client secret.' });
  }
  const result = ctx.consumeCode('threads', params.code!, params.client_id!, params.redirect_uri);
  if (!result.ok) {
    const message =
      result.reason === 'redirect_mismatch'
        ? 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request'
        : result.reason === 'expired'
          ? 'This authorization code has expired.'
          : 'Matching code was not found or was already used';
    return graphError(c, { code: 100, message });
  }
  const issued = ctx.issueTokens({
    platform: 'threads',
    clientId: params.client_id!,
    accountId: result.code.accountId,
    scopes: result.code.scopes,
    accessTtlSec: SHORT_LIVED_SECONDS,
    extra: { lived: 'short' },
  });
  return c.json({ access_token: issued.accessToken, user_id: Number(result.code.accountId) });
}

function createContainer(
  c: SandboxContextC,
  ctx: SandboxContext,
  token: TokenRecord,
  input: GraphParams,
): Response {
  const store = thStore(ctx);
  const { params } = input;
  const mediaType = (params.media_type ?? 'TEXT').toUpperCase();
  const isCarouselItem = isTrue(params.is_carousel_item, false);
  const text = params.text ?? '';
  if (threadsTextLength(text) > TEXT_LIMIT) {
    return graphError(c, {
      code: 100,
      message: `(#100) The text must be at most ${TEXT_LIMIT} characters long (each emoji counts as its UTF-8 bytes).`,
    });
  }
  const replyToId = params.reply_to_id || null;
  if (replyToId && !store.media.has(replyToId)) {
    return graphError(c, {
      code: 100,
      message: `(#100) reply_to_id ${replyToId} is not a published Threads post.`,
    });
  }
  const now = ctx.now();
  const delay = ctx.state.settings.containerDelayMs;
  const container: MediaContainer = {
    id: graphId(),
    accountId: token.accountId,
    mediaType,
    isCarouselItem,
    text,
    altText: params.alt_text,
    mediaKind: null,
    children: [],
    replyToId,
    createdAt: now,
    readyAt: now + delay,
    download: 'pending',
  };
  if (mediaType === 'TEXT') {
    if (!text) return missingParam(c, 'text');
    container.download = 'ok';
  } else if (mediaType === 'IMAGE') {
    if (!params.image_url) return missingParam(c, 'image_url');
    container.mediaKind = 'image';
    container.mediaUrl = params.image_url;
  } else if (mediaType === 'VIDEO') {
    if (!params.video_url) return missingParam(c, 'video_url');
    container.mediaKind = 'video';
    container.mediaUrl = params.video_url;
    container.readyAt = now + delay * 3;
  } else if (mediaType === 'CAROUSEL') {
    const children = listParam(input, 'children');
    if (children.length < CAROUSEL_MIN || children.length > CAROUSEL_MAX) {
      return graphError(c, {
        code: 100,
        message: `(#100) A carousel needs between ${CAROUSEL_MIN} and ${CAROUSEL_MAX} children; got ${children.length}.`,
      });
    }
    for (const childId of children) {
      const child = store.containers.get(childId);
      if (!child || child.accountId !== token.accountId || !child.isCarouselItem) {
        return graphError(c, {
          code: 100,
          message: `(#100) The child ${childId} is not a carousel item container (is_carousel_item=true) of this account.`,
        });
      }
    }
    container.children = children;
    container.download = 'ok';
  } else {
    return graphError(c, {
      code: 100,
      message: '(#100) media_type must be one of TEXT, IMAGE, VIDEO, CAROUSEL.',
    });
  }
  if (isCarouselItem && mediaType !== 'IMAGE' && mediaType !== 'VIDEO') {
    return graphError(c, { code: 100, message: '(#100) A carousel item must be an IMAGE or a VIDEO.' });
  }
  store.containers.set(container.id, container);
  startDownload(container, {
    imageFormats: ['jpeg', 'png'],
    imageFormatMessage: 'UNSUPPORTED_IMAGE_FORMAT: use a JPEG or PNG image.',
    maxImageBytes: 8 * 1024 * 1024,
    maxVideoBytes: 1024 * 1024 * 1024,
  });
  return c.json({ id: container.id });
}

function publish(c: SandboxContextC, ctx: SandboxContext, token: TokenRecord, input: GraphParams): Response {
  const store = thStore(ctx);
  const creationId = input.params.creation_id;
  if (!creationId) return missingParam(c, 'creation_id');
  const container = store.containers.get(creationId);
  if (!container || container.accountId !== token.accountId || container.isCarouselItem) {
    return graphError(c, {
      code: 100,
      message: `(#100) creation_id ${creationId} is not a media container of this profile that can be published.`,
    });
  }
  const status = containerStatus(container, store.containers, ctx.now());
  if (status === 'PUBLISHED') {
    return graphError(c, { code: 100, message: '(#100) This media container has already been published.' });
  }
  if (status !== 'FINISHED') {
    return graphError(c, {
      code: 24,
      subcode: 4279009,
      message:
        status === 'ERROR'
          ? `The media could not be processed: ${container.errorMessage ?? 'unknown error'}`
          : `The media is not ready to be published (status ${status}). Please wait a moment.`,
    });
  }
  const isReply = container.replyToId !== null;
  const times = windowOf(ctx, isReply ? store.replies : store.posts, token.accountId);
  const limit = isReply ? REPLIES_PER_DAY : POSTS_PER_DAY;
  if (ctx.state.settings.rateLimits && times.length >= limit) {
    return graphError(c, {
      code: 9,
      message: `Application request limit reached: at most ${limit} ${isReply ? 'replies' : 'posts'} in 24 hours.`,
    });
  }
  times.push(ctx.now());
  const id = graphId();
  const code = shortcode();
  const permalink = `https://www.threads.com/@${TH_USER.username}/post/${code}`;
  const mediaType =
    container.mediaType === 'CAROUSEL'
      ? 'CAROUSEL_ALBUM'
      : container.mediaType === 'TEXT'
        ? 'TEXT_POST'
        : (container.mediaType as 'IMAGE' | 'VIDEO');
  store.media.set(id, {
    id,
    accountId: token.accountId,
    text: container.text,
    mediaType,
    shortcode: code,
    permalink,
    replyToId: container.replyToId,
    mediaUrl: container.mediaUrl,
    createdAt: ctx.now(),
  });
  store.byShortcode.set(code, id);
  container.publishedId = id;
  for (const childId of container.children) {
    const child = store.containers.get(childId);
    if (child) child.publishedId = id;
  }
  const items = container.children.length
    ? container.children
        .map((childId) => store.containers.get(childId))
        .filter((child) => child !== undefined)
    : container.mediaKind
      ? [container]
      : [];
  ctx.recordPost({
    platform: 'threads',
    id,
    accountId: token.accountId,
    accountName: TH_USER.username,
    text: container.text,
    type: container.mediaType.toLowerCase(),
    media: items.map((item) => ({ kind: item.mediaKind ?? 'image', url: item.mediaUrl, bytes: item.bytes })),
    replyToId: container.replyToId,
    permalink,
  });
  return c.json({ id });
}

function mediaFields(media: ThMedia) {
  return {
    id: media.id,
    media_product_type: 'THREADS',
    media_type: media.mediaType,
    media_url: media.mediaUrl,
    permalink: media.permalink,
    shortcode: media.shortcode,
    text: media.text,
    timestamp: new Date(media.createdAt).toISOString().replace('.000Z', '+0000'),
    username: TH_USER.username,
    is_reply: media.replyToId !== null,
    replied_to: media.replyToId ? { id: media.replyToId } : undefined,
  };
}

const ACCOUNT_METRICS: Record<string, [number, number]> = {
  views: [40, 900],
  likes: [3, 120],
  replies: [0, 30],
  reposts: [0, 15],
  quotes: [0, 8],
  followers_count: [600, 640],
};

const MEDIA_METRICS: Record<string, [number, number]> = {
  views: [50, 2000],
  likes: [2, 150],
  replies: [0, 25],
  reposts: [0, 20],
  quotes: [0, 10],
  shares: [0, 12],
};

async function handleGraph(c: SandboxContextC, ctx: SandboxContext): Promise<Response> {
  const segments = graphSegments(c, 'graph.threads.net');
  const [first, edge] = segments;
  if (first === 'oauth' && edge === 'access_token' && c.req.method === 'POST')
    return handleCodeExchange(c, ctx);
  const input = await readGraphParams(c);
  if (first === 'access_token' && !edge)
    return exchangeLongLived(c, ctx, 'threads', input, 'th_exchange_token');
  if (first === 'refresh_access_token' && !edge)
    return refreshLongLived(c, ctx, 'threads', input, 'th_refresh_token');
  const token = requireGraphToken(ctx, c, 'threads', input);
  if (token instanceof Response) return token;
  if (!first) return unsupportedRequest(c, c.req.method, '');
  const method = c.req.method;
  const id = first === 'me' ? token.accountId : first;
  const store = thStore(ctx);
  const fields = input.params.fields;

  if (id === token.accountId) {
    if (!edge && method === 'GET') {
      const user = {
        id: TH_USER.id,
        username: TH_USER.username,
        name: TH_USER.name,
        threads_profile_picture_url: ctx.avatarUrl(c, TH_USER.name),
        threads_biography: 'Posting from Postloom (sandbox)',
      };
      return c.json(selectFields(user, fields, ['id']));
    }
    if (edge === 'threads' && method === 'POST') return createContainer(c, ctx, token, input);
    if ((edge === 'threads' || edge === 'replies') && method === 'GET') {
      // The profile's posts (`threads`) or its replies (`replies`), newest first; a new one shows
      // once listDelayMs has passed (Meta's read side lags).
      const now = ctx.now();
      const media = [...store.media.values()]
        .filter(
          (item) =>
            item.accountId === token.accountId &&
            (edge === 'replies') === (item.replyToId !== null) &&
            isListed(ctx.state.settings, item.createdAt, now),
        )
        .reverse();
      const page = graphPage(
        media,
        input.params,
        (limit, after) =>
          `https://graph.threads.net/v1.0/${token.accountId}/${edge}?limit=${limit}&after=${after}`,
      );
      if (!page) return graphError(c, { code: 100, message: '(#100) Invalid since, until, limit or after' });
      const data = page.data.map((item) => selectFields(mediaFields(item), fields, ['id']));
      return c.json({ data, paging: page.paging });
    }
    if (edge === 'threads_publish' && method === 'POST') return publish(c, ctx, token, input);
    if (edge === 'threads_publishing_limit' && method === 'GET') {
      const data = {
        quota_usage: windowOf(ctx, store.posts, token.accountId).length,
        config: { quota_total: POSTS_PER_DAY, quota_duration: 86400 },
        reply_quota_usage: windowOf(ctx, store.replies, token.accountId).length,
        reply_config: { quota_total: REPLIES_PER_DAY, quota_duration: 86400 },
      };
      return c.json({ data: [selectFields(data, fields, ['quota_usage', 'config'])] });
    }
    if (edge === 'threads_insights' && method === 'GET') {
      return accountInsights(
        c,
        ctx,
        token.accountId,
        input,
        ACCOUNT_METRICS,
        ['likes', 'replies', 'reposts', 'quotes', 'followers_count'],
        ['followers_count'],
      );
    }
    return unsupportedRequest(c, method, first);
  }

  const container = store.containers.get(id);
  if (container && container.accountId === token.accountId && !edge && method === 'GET') {
    const status = containerStatus(container, store.containers, ctx.now());
    const answer = { id, status, error_message: status === 'ERROR' ? container.errorMessage : undefined };
    return c.json(selectFields(answer, fields, ['status']));
  }
  const media = store.media.get(id);
  if (media) {
    if (!edge && method === 'GET') return c.json(selectFields(mediaFields(media), fields, ['id']));
    if (edge === 'insights' && method === 'GET' && media.accountId === token.accountId) {
      return mediaInsights(c, ctx, media, input, MEDIA_METRICS);
    }
  }
  return unsupportedRequest(c, method, first);
}

function handleWww(c: SandboxContextC, ctx: SandboxContext, host: string): Response | Promise<Response> {
  const segments = graphSegments(c, host);
  if (segments[0] === 'oauth' && segments[1] === 'authorize') {
    const query = c.req.query();
    const clientId = query.client_id;
    const redirectUri = query.redirect_uri;
    if (!clientId || !redirectUri) {
      return c.html('<p>Invalid request: client_id and redirect_uri are required.</p>', 400);
    }
    const scopes = (query.scope ?? 'threads_basic').split(/[,\s]+/).filter(Boolean);
    return ctx.consent(c, {
      platform: 'threads',
      platformName: 'Threads',
      clientId,
      redirectUri,
      state: query.state,
      scopes,
      identity: {
        id: TH_USER.id,
        name: TH_USER.name,
        handle: TH_USER.username,
        avatarUrl: ctx.avatarUrl(c, TH_USER.name),
      },
      fragment: '#_',
      approve: () =>
        ctx.issueCode({
          platform: 'threads',
          clientId,
          redirectUri,
          scopes,
          accountId: TH_USER.id,
          ttlMs: 60 * 60 * 1000,
        }),
    });
  }
  // Public post pages: /@<user>/post/<code>.
  const code = segments[0]?.startsWith('@') && segments[1] === 'post' ? segments[2] : undefined;
  const id = code ? thStore(ctx).byShortcode.get(code) : undefined;
  return ctx.renderPostPage(c, id ? ctx.findPost('threads', id) : undefined);
}

const WWW_HOSTS = ['threads.com', 'www.threads.com', 'threads.net', 'www.threads.net'];

export const threadsModule: SandboxPlatformModule = {
  platform: 'threads',
  hosts: [...WWW_HOSTS, 'graph.threads.net'],
  register(app, ctx) {
    for (const host of WWW_HOSTS) app.all(`/${host}/*`, (c) => handleWww(c, ctx, host));
    app.all('/graph.threads.net/*', (c) => handleGraph(c, ctx));
  },
};

export default threadsModule;
