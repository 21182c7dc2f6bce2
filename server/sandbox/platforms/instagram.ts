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
import { demoFollowers } from './shared.js';

/** Small enough to survive JSON number parsing: the token endpoint answers user_id as a number, as Instagram does. */
const IG_USER = { id: '8831482265710417', username: 'postloom.demo', name: 'Postloom Demo' };
const CAPTION_LIMIT = 2200;
const PUBLISHES_PER_DAY = 100;
const CAROUSEL_MIN = 2;
const CAROUSEL_MAX = 10;

const STATUS_TEXT: Record<string, string> = {
  IN_PROGRESS: 'In Progress: Media is still being processed.',
  FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
  PUBLISHED: 'Published: Media has been published.',
  EXPIRED: 'Expired: The media container was not published within 24 hours.',
};

interface IgMedia {
  id: string;
  containerId: string;
  accountId: string;
  caption: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  productType: 'FEED' | 'REELS' | 'STORY';
  shortcode: string;
  permalink: string;
  mediaUrl?: string;
  createdAt: number;
}

interface IgStore {
  containers: Map<string, MediaContainer>;
  media: Map<string, IgMedia>;
  byShortcode: Map<string, string>;
  publishes: Map<string, number[]>;
}

function igStore(ctx: SandboxContext): IgStore {
  return ctx.store('instagram', () => ({
    containers: new Map(),
    media: new Map(),
    byShortcode: new Map(),
    publishes: new Map(),
  }));
}

function tokenError(c: SandboxContextC, message: string): Response {
  return c.json({ error_type: 'OAuthException', code: 400, error_message: message }, 400);
}

/** `POST api.instagram.com/oauth/access_token` (form): the code for a short-lived token. */
async function handleCodeExchange(c: SandboxContextC, ctx: SandboxContext): Promise<Response> {
  const { params } = await readGraphParams(c);
  for (const field of ['client_id', 'client_secret', 'grant_type', 'redirect_uri', 'code']) {
    if (!params[field]) return tokenError(c, `Missing required field ${field}`);
  }
  if (params.grant_type !== 'authorization_code')
    return tokenError(c, 'Invalid grant_type: use authorization_code');
  if (!ctx.checkClient('instagram', params.client_id!, params.client_secret)) {
    return tokenError(c, 'Error validating client secret.');
  }
  const result = ctx.consumeCode('instagram', params.code!, params.client_id!, params.redirect_uri);
  if (!result.ok) {
    if (result.reason === 'redirect_mismatch') {
      return tokenError(
        c,
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    }
    if (result.reason === 'expired') return tokenError(c, 'This authorization code has expired.');
    return tokenError(c, 'Matching code was not found or was already used');
  }
  const issued = ctx.issueTokens({
    platform: 'instagram',
    clientId: params.client_id!,
    accountId: result.code.accountId,
    scopes: result.code.scopes,
    accessTtlSec: SHORT_LIVED_SECONDS,
    extra: { lived: 'short' },
  });
  return c.json({
    access_token: issued.accessToken,
    user_id: Number(result.code.accountId),
    permissions: result.code.scopes.join(','),
  });
}

function profile(c: SandboxContextC, ctx: SandboxContext) {
  const store = igStore(ctx);
  return {
    id: IG_USER.id,
    user_id: IG_USER.id,
    username: IG_USER.username,
    name: IG_USER.name,
    account_type: 'BUSINESS',
    profile_picture_url: ctx.avatarUrl(c, IG_USER.name),
    followers_count: demoFollowers(`instagram:${IG_USER.id}`, 2480, ctx.now()),
    follows_count: 180,
    media_count: store.media.size,
  };
}

function createContainer(
  c: SandboxContextC,
  ctx: SandboxContext,
  token: TokenRecord,
  input: GraphParams,
): Response {
  const store = igStore(ctx);
  const { params } = input;
  const isCarouselItem = isTrue(params.is_carousel_item, false);
  const mediaType = (
    params.media_type ?? (isCarouselItem && params.video_url ? 'VIDEO' : 'IMAGE')
  ).toUpperCase();
  const caption = params.caption ?? '';
  if ([...caption].length > CAPTION_LIMIT) {
    return graphError(c, {
      code: 100,
      message: `(#100) The caption must be at most ${CAPTION_LIMIT} characters long.`,
    });
  }
  const now = ctx.now();
  const delay = ctx.state.settings.containerDelayMs;
  const container: MediaContainer = {
    id: graphId(),
    accountId: token.accountId,
    mediaType,
    isCarouselItem,
    text: caption,
    altText: params.alt_text,
    mediaKind: null,
    children: [],
    replyToId: null,
    createdAt: now,
    readyAt: now + delay,
    download: 'pending',
  };
  if (mediaType === 'CAROUSEL') {
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
  } else if (mediaType === 'IMAGE' || (mediaType === 'STORIES' && params.image_url)) {
    if (!params.image_url) return missingParam(c, 'image_url');
    container.mediaKind = 'image';
    container.mediaUrl = params.image_url;
  } else if (mediaType === 'REELS' || mediaType === 'STORIES' || (mediaType === 'VIDEO' && isCarouselItem)) {
    if (!params.video_url) return missingParam(c, 'video_url');
    if (params.alt_text)
      return graphError(c, { code: 100, message: '(#100) alt_text is only supported for images.' });
    container.mediaKind = 'video';
    container.mediaUrl = params.video_url;
    container.readyAt = now + delay * 3;
  } else {
    return graphError(c, {
      code: 100,
      message:
        '(#100) media_type must be one of REELS, STORIES, CAROUSEL, or VIDEO for carousel items (omit it for images).',
    });
  }
  store.containers.set(container.id, container);
  startDownload(container, {
    imageFormats: ['jpeg'],
    imageFormatMessage: 'The image format is not supported: only JPEG images can be published.',
    maxImageBytes: 8 * 1024 * 1024,
    maxVideoBytes: 1024 * 1024 * 1024,
  });
  return c.json({ id: container.id });
}

function containerFields(container: MediaContainer, ctx: SandboxContext) {
  const store = igStore(ctx);
  const status = containerStatus(container, store.containers, ctx.now());
  return {
    id: container.id,
    status_code: status,
    status:
      status === 'ERROR'
        ? `Error: ${container.errorMessage ?? 'Media processing failed.'}`
        : STATUS_TEXT[status],
  };
}

function publishedCount(ctx: SandboxContext, accountId: string): number[] {
  const store = igStore(ctx);
  const times = store.publishes.get(accountId) ?? [];
  store.publishes.set(accountId, times);
  windowCount(times, ctx.now());
  return times;
}

function publish(c: SandboxContextC, ctx: SandboxContext, token: TokenRecord, input: GraphParams): Response {
  const store = igStore(ctx);
  const creationId = input.params.creation_id;
  if (!creationId) return missingParam(c, 'creation_id');
  const container = store.containers.get(creationId);
  if (!container || container.accountId !== token.accountId || container.isCarouselItem) {
    return graphError(c, {
      code: 100,
      message: `(#100) creation_id ${creationId} is not a media container of this account that can be published.`,
    });
  }
  const status = containerStatus(container, store.containers, ctx.now());
  if (status === 'PUBLISHED') {
    return graphError(c, { code: 100, message: '(#100) This media container has already been published.' });
  }
  if (status !== 'FINISHED') {
    return graphError(c, {
      code: 9007,
      subcode: 2207027,
      message: 'Media ID is not available',
      userTitle: 'Media not ready for publishing',
      userMessage:
        status === 'ERROR'
          ? `The media could not be processed: ${container.errorMessage ?? 'unknown error'}`
          : `The media is not ready for publishing (status ${status}), please wait for a moment.`,
    });
  }
  const times = publishedCount(ctx, token.accountId);
  if (ctx.state.settings.rateLimits && times.length >= PUBLISHES_PER_DAY) {
    return graphError(c, {
      code: 9,
      subcode: 2207042,
      message: 'Application request limit reached',
      userTitle: 'Content publishing limit reached',
      userMessage: `An account can publish at most ${PUBLISHES_PER_DAY} posts through the API in 24 hours.`,
    });
  }
  times.push(ctx.now());
  const id = graphId();
  const code = shortcode();
  const productType =
    container.mediaType === 'REELS' ? 'REELS' : container.mediaType === 'STORIES' ? 'STORY' : 'FEED';
  const permalink =
    productType === 'REELS'
      ? `https://www.instagram.com/reel/${code}/`
      : productType === 'STORY'
        ? `https://www.instagram.com/stories/${IG_USER.username}/${id}/`
        : `https://www.instagram.com/p/${code}/`;
  const media: IgMedia = {
    id,
    containerId: container.id,
    accountId: token.accountId,
    caption: container.text,
    mediaType:
      container.mediaType === 'CAROUSEL'
        ? 'CAROUSEL_ALBUM'
        : container.mediaKind === 'video'
          ? 'VIDEO'
          : 'IMAGE',
    productType,
    shortcode: code,
    permalink,
    mediaUrl: container.mediaUrl,
    createdAt: ctx.now(),
  };
  container.publishedId = id;
  for (const childId of container.children) {
    const child = store.containers.get(childId);
    if (child) child.publishedId = id;
  }
  store.media.set(id, media);
  store.byShortcode.set(code, id);
  const items = container.children.length
    ? container.children
        .map((childId) => store.containers.get(childId))
        .filter((child) => child !== undefined)
    : [container];
  ctx.recordPost({
    platform: 'instagram',
    id,
    accountId: token.accountId,
    accountName: IG_USER.username,
    text: container.text,
    type:
      container.mediaType === 'CAROUSEL'
        ? 'carousel'
        : productType === 'REELS'
          ? 'reel'
          : productType === 'STORY'
            ? 'story'
            : 'image',
    media: items.map((item) => ({ kind: item.mediaKind ?? 'image', url: item.mediaUrl, bytes: item.bytes })),
    replyToId: null,
    permalink,
  });
  return c.json({ id });
}

function mediaFields(media: IgMedia) {
  return {
    id: media.id,
    caption: media.caption,
    media_type: media.mediaType,
    media_product_type: media.productType,
    media_url: media.mediaUrl,
    permalink: media.permalink,
    shortcode: media.shortcode,
    timestamp: new Date(media.createdAt).toISOString().replace('.000Z', '+0000'),
    username: IG_USER.username,
    like_count: 0,
    comments_count: 0,
  };
}

function comment(
  c: SandboxContextC,
  ctx: SandboxContext,
  token: TokenRecord,
  media: IgMedia,
  input: GraphParams,
) {
  const message = input.params.message;
  if (!message) return missingParam(c, 'message');
  const id = graphId();
  ctx.recordPost({
    platform: 'instagram',
    id,
    accountId: token.accountId,
    accountName: IG_USER.username,
    text: message,
    type: 'comment',
    media: [],
    replyToId: media.id,
    permalink: `${media.permalink}c/${id}/`,
  });
  return c.json({ id });
}

const ACCOUNT_METRICS: Record<string, [number, number]> = {
  reach: [50, 600],
  follower_count: [0, 15],
  website_clicks: [0, 12],
  profile_views: [5, 80],
  accounts_engaged: [5, 90],
  total_interactions: [10, 200],
  likes: [10, 160],
  comments: [0, 25],
  shares: [0, 20],
  saves: [0, 18],
  replies: [0, 8],
  views: [80, 1200],
  follows_and_unfollows: [0, 10],
  profile_links_taps: [0, 9],
};

const MEDIA_METRICS: Record<string, [number, number]> = {
  views: [100, 2500],
  reach: [80, 1800],
  saved: [0, 40],
  likes: [5, 300],
  comments: [0, 30],
  shares: [0, 25],
  total_interactions: [10, 380],
};

async function handleGraph(c: SandboxContextC, ctx: SandboxContext): Promise<Response> {
  const segments = graphSegments(c, 'graph.instagram.com');
  const input = await readGraphParams(c);
  const [first, edge] = segments;
  if (first === 'access_token' && !edge)
    return exchangeLongLived(c, ctx, 'instagram', input, 'ig_exchange_token');
  if (first === 'refresh_access_token' && !edge)
    return refreshLongLived(c, ctx, 'instagram', input, 'ig_refresh_token');
  const token = requireGraphToken(ctx, c, 'instagram', input);
  if (token instanceof Response) return token;
  if (!first) return unsupportedRequest(c, c.req.method, '');
  const method = c.req.method;
  const id = first === 'me' ? token.accountId : first;
  const store = igStore(ctx);

  if (id === token.accountId) {
    if (!edge && method === 'GET') {
      return c.json(selectFields(profile(c, ctx), input.params.fields, ['id']));
    }
    if (edge === 'media' && method === 'POST') return createContainer(c, ctx, token, input);
    if (edge === 'media' && method === 'GET') {
      // Newest first; a new post shows once listDelayMs has passed (Meta's read side lags).
      const now = ctx.now();
      const media = [...store.media.values()]
        .filter(
          (item) => item.accountId === token.accountId && isListed(ctx.state.settings, item.createdAt, now),
        )
        .reverse();
      const page = graphPage(
        media,
        input.params,
        (limit, after) =>
          `https://graph.instagram.com/v25.0/${token.accountId}/media?limit=${limit}&after=${after}`,
      );
      if (!page) return graphError(c, { code: 100, message: '(#100) Invalid since, until, limit or after' });
      const data = page.data.map((item) => selectFields(mediaFields(item), input.params.fields, ['id']));
      return c.json({ data, paging: page.paging });
    }
    if (edge === 'media_publish' && method === 'POST') return publish(c, ctx, token, input);
    if (edge === 'content_publishing_limit' && method === 'GET') {
      const usage = publishedCount(ctx, token.accountId).length;
      return c.json({
        data: [{ quota_usage: usage, config: { quota_total: PUBLISHES_PER_DAY, quota_duration: 86400 } }],
      });
    }
    if (edge === 'insights' && method === 'GET')
      return accountInsights(c, ctx, token.accountId, input, ACCOUNT_METRICS);
    return unsupportedRequest(c, method, first);
  }

  const container = store.containers.get(id);
  if (container && container.accountId === token.accountId && !edge && method === 'GET') {
    return c.json(selectFields(containerFields(container, ctx), input.params.fields, ['id']));
  }
  const media = store.media.get(id);
  if (media && media.accountId === token.accountId) {
    if (!edge && method === 'GET')
      return c.json(selectFields(mediaFields(media), input.params.fields, ['id']));
    if (edge === 'insights' && method === 'GET') {
      return mediaInsights(c, ctx, media, input, MEDIA_METRICS, ['impressions', 'plays', 'video_views']);
    }
    if (edge === 'comments' && method === 'POST') return comment(c, ctx, token, media, input);
  }
  return unsupportedRequest(c, method, first);
}

function handleWww(c: SandboxContextC, ctx: SandboxContext): Response | Promise<Response> {
  const segments = graphSegments(c, 'www.instagram.com');
  if (segments[0] === 'oauth' && segments[1] === 'authorize') {
    const query = c.req.query();
    const clientId = query.client_id;
    const redirectUri = query.redirect_uri;
    if (!clientId || !redirectUri) {
      return c.html('<p>Invalid request: client_id and redirect_uri are required.</p>', 400);
    }
    const scopes = (query.scope ?? 'instagram_business_basic').split(/[,\s]+/).filter(Boolean);
    return ctx.consent(c, {
      platform: 'instagram',
      platformName: 'Instagram',
      clientId,
      redirectUri,
      state: query.state,
      scopes,
      identity: {
        id: IG_USER.id,
        name: IG_USER.name,
        handle: IG_USER.username,
        avatarUrl: ctx.avatarUrl(c, IG_USER.name),
      },
      fragment: '#_',
      cancelParams: { error_reason: 'user_denied', error_description: 'The user denied your request' },
      approve: () =>
        ctx.issueCode({
          platform: 'instagram',
          clientId,
          redirectUri,
          scopes,
          accountId: IG_USER.id,
          ttlMs: 60 * 60 * 1000,
        }),
    });
  }
  // Public post pages: /p/<code>/, /reel/<code>/, /stories/<user>/<id>/.
  const store = igStore(ctx);
  let id: string | undefined;
  if ((segments[0] === 'p' || segments[0] === 'reel') && segments[1]) id = store.byShortcode.get(segments[1]);
  else if (segments[0] === 'stories' && segments[2]) id = segments[2];
  return ctx.renderPostPage(c, id ? ctx.findPost('instagram', id) : undefined);
}

export const instagramModule: SandboxPlatformModule = {
  platform: 'instagram',
  hosts: ['www.instagram.com', 'api.instagram.com', 'graph.instagram.com'],
  register(app, ctx) {
    app.all('/www.instagram.com/*', (c) => handleWww(c, ctx));
    app.post('/api.instagram.com/oauth/access_token', (c) => handleCodeExchange(c, ctx));
    app.all('/graph.instagram.com/*', (c) => handleGraph(c, ctx));
  },
};

export default instagramModule;
