import { isListed } from '../sandbox-state.js';
import type {
  SandboxContext,
  SandboxContextC,
  SandboxPlatformModule,
  TokenRecord,
} from '../sandbox-types.js';
import { handleFacebookInsights } from './facebook-insights.js';
import { type FbVideo, handleRupload, videoStatus } from './facebook-video.js';
import {
  DAY_MS,
  type GraphParams,
  graphError,
  graphId,
  graphPage,
  graphSegments,
  isTrue,
  LONG_LIVED_SECONDS,
  listParam,
  missingParam,
  readGraphParams,
  requireGraphToken,
  selectFields,
  unsupportedRequest,
  windowCount,
} from './meta-graph.js';
import { fetchMedia, isImageFormat, isVideoFormat, sniffFormat } from './meta-media.js';
import { demoMetric } from './shared.js';

const SHORT_LIVED_SECONDS = 5400;
const MESSAGE_LIMIT = 63_206;
const REELS_PER_DAY = 30;
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;

const DEMO_USER = { id: '100094871234501', name: 'Postloom Demo' };

export interface FbPage {
  id: string;
  name: string;
  username: string;
  category: string;
}

/** The demo user manages two Pages, so the app's Page picker has a choice to make. */
export const DEMO_PAGES: FbPage[] = [
  { id: '106512345678901', name: 'Postloom Demo Page', username: 'postloomdemo', category: 'Software' },
  {
    id: '106512345678902',
    name: 'Postloom Demo Shop',
    username: 'postloomshop',
    category: 'Shopping & retail',
  },
];

export interface FbObject {
  id: string;
  kind: 'post' | 'photo' | 'video' | 'story' | 'comment';
  pageId: string;
  message: string;
  createdAt: number;
  published: boolean;
  permalink?: string;
  /** Photos published with a post: that post's id. */
  postId?: string;
  /** Unpublished photos become part of one post (attached_media) or story at most. */
  attached?: boolean;
  imageUrl?: string;
  video?: FbVideo;
}

export interface FbStore {
  objects: Map<string, FbObject>;
  reels: Map<string, number[]>;
  pageTokens: Map<string, string>;
  /** `${pageId}\n${message}` -> when that text was last posted (duplicate check). */
  recentTexts: Map<string, number>;
}

function fbStore(ctx: SandboxContext): FbStore {
  return ctx.store('facebook', () => ({
    objects: new Map(),
    reels: new Map(),
    pageTokens: new Map(),
    recentTexts: new Map(),
  }));
}

/** An unpublished photo of this Page not yet used by a post or story. */
function isFreePhoto(photo: FbObject | undefined, pageId: string): photo is FbObject {
  return photo?.kind === 'photo' && photo.pageId === pageId && !photo.published && !photo.attached;
}

function pageById(id: string): FbPage | undefined {
  return DEMO_PAGES.find((page) => page.id === id);
}

function picture(c: SandboxContextC, ctx: SandboxContext, name: string) {
  return { data: { height: 200, is_silhouette: false, url: ctx.avatarUrl(c, name), width: 200 } };
}

/**
 * A Page token derived from a long-lived user token never expires; one from a short-lived
 * user token lives as long as that user token. The same token is handed out again while valid.
 */
function pageToken(ctx: SandboxContext, user: TokenRecord, page: FbPage): string {
  const store = fbStore(ctx);
  const isLong = user.expiresAt === null || user.extra.lived === 'long';
  const key = `${user.clientId}:${page.id}:${isLong ? 'long' : user.token}`;
  const existing = store.pageTokens.get(key);
  if (existing && ctx.checkAccessToken('facebook', existing).ok) return existing;
  const ttl = isLong ? null : Math.max(1, Math.round(((user.expiresAt ?? 0) - ctx.now()) / 1000));
  const issued = ctx.issueTokens({
    platform: 'facebook',
    clientId: user.clientId,
    accountId: page.id,
    scopes: user.scopes,
    accessTtlSec: ttl,
    extra: { kind: 'page', userId: user.accountId },
  });
  store.pageTokens.set(key, issued.accessToken);
  return issued.accessToken;
}

function pageObject(c: SandboxContextC, ctx: SandboxContext, page: FbPage, token: TokenRecord) {
  return {
    id: page.id,
    name: page.name,
    username: page.username,
    category: page.category,
    category_list: [{ id: '2211', name: page.category }],
    tasks: ['ANALYZE', 'ADVERTISE', 'MODERATE', 'CREATE_CONTENT', 'MANAGE'],
    link: `https://www.facebook.com/${page.username}`,
    about: `${page.name} (sandbox)`,
    fan_count: 1280,
    followers_count: 1342,
    picture: picture(c, ctx, page.name),
    access_token: token.extra.kind === 'page' ? undefined : pageToken(ctx, token, page),
  };
}

/** Posting to a Page needs that Page's token; a user token (or another Page's) is refused. */
function requirePageToken(c: SandboxContextC, token: TokenRecord, pageId: string): Response | null {
  if (!pageById(pageId)) return unsupportedRequest(c, c.req.method, pageId);
  if (token.extra.kind === 'page' && token.accountId === pageId) return null;
  return graphError(c, {
    status: 403,
    code: 200,
    message:
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
  });
}

function tooLong(c: SandboxContextC, message: string): Response | null {
  if ([...message].length <= MESSAGE_LIMIT) return null;
  return graphError(c, {
    code: 100,
    message: `(#100) The message must be at most ${MESSAGE_LIMIT} characters long.`,
  });
}

function postPermalink(pageId: string, postId: string): string {
  return `https://www.facebook.com/${pageId}/posts/${postId.split('_')[1] ?? postId}`;
}

function record(
  ctx: SandboxContext,
  object: FbObject,
  type: string,
  media: { kind: 'image' | 'video'; url?: string; bytes?: number }[],
) {
  const page = pageById(object.pageId);
  ctx.recordPost({
    platform: 'facebook',
    id: object.id,
    accountId: object.pageId,
    accountName: page?.name ?? object.pageId,
    text: object.message,
    type,
    media,
    replyToId: null,
    permalink: object.permalink ?? postPermalink(object.pageId, object.id),
  });
}

async function createFeedPost(c: SandboxContextC, ctx: SandboxContext, pageId: string, input: GraphParams) {
  const store = fbStore(ctx);
  const message = input.params.message ?? '';
  const link = input.params.link;
  const long = tooLong(c, message);
  if (long) return long;
  const attached: FbObject[] = [];
  for (const [index, raw] of listParam(input, 'attached_media').entries()) {
    let fbid: string | undefined;
    try {
      fbid = (JSON.parse(raw) as { media_fbid?: string }).media_fbid;
    } catch {
      fbid = undefined;
    }
    const photo = fbid ? store.objects.get(String(fbid)) : undefined;
    if (!isFreePhoto(photo, pageId)) {
      return graphError(c, {
        code: 100,
        message: `(#100) param attached_media[${index}] must be an unpublished photo of this Page that is not used yet`,
      });
    }
    attached.push(photo);
  }
  if (!message && !link && attached.length === 0) {
    return graphError(c, { code: 100, message: '(#100) Missing message or attachment' });
  }
  const published = isTrue(input.params.published, true);
  const scheduled = input.params.scheduled_publish_time;
  if (scheduled) {
    const at = /^\d+$/.test(scheduled) ? Number(scheduled) * 1000 : Date.parse(scheduled);
    const ahead = at - ctx.now();
    if (published || !Number.isFinite(at) || ahead < 10 * 60 * 1000 || ahead > 30 * DAY_MS) {
      return graphError(c, {
        code: 100,
        message:
          '(#100) The specified scheduled publish time is invalid: it must be between 10 minutes and 30 days from now, with published=false.',
      });
    }
  }
  const now = ctx.now();
  // Meta refuses the same status text twice in a row on a Page (code 506).
  const duplicateKey = `${pageId}\n${message}`;
  const isTextOnly = message !== '' && !link && attached.length === 0;
  if (isTextOnly && (store.recentTexts.get(duplicateKey) ?? Number.NEGATIVE_INFINITY) > now - DAY_MS) {
    return graphError(c, { code: 506, subcode: 1455006, message: '(#506) Duplicate status message' });
  }
  if (isTextOnly) store.recentTexts.set(duplicateKey, now);
  const id = `${pageId}_${graphId()}`;
  const post: FbObject = {
    id,
    kind: 'post',
    pageId,
    message,
    createdAt: now,
    published,
    permalink: postPermalink(pageId, id),
  };
  store.objects.set(id, post);
  for (const photo of attached) {
    photo.attached = true;
    photo.postId = id;
  }
  if (published) {
    const media = attached.map((photo) => ({ kind: 'image' as const, url: photo.imageUrl }));
    record(ctx, post, attached.length > 0 ? 'image' : link ? 'link' : 'text', media);
  }
  return c.json({ id });
}

async function createPhoto(c: SandboxContextC, ctx: SandboxContext, pageId: string, input: GraphParams) {
  const store = fbStore(ctx);
  const message = input.params.caption ?? input.params.message ?? '';
  const long = tooLong(c, message);
  if (long) return long;
  const source = input.files.source;
  const url = input.params.url;
  let format: string;
  let bytes: number;
  if (source) {
    const data = new Uint8Array(await source.arrayBuffer());
    format = sniffFormat(data.subarray(0, 16));
    bytes = data.byteLength;
  } else if (url) {
    const fetched = await fetchMedia(url, MAX_PHOTO_BYTES);
    if (!fetched.ok) {
      return graphError(c, {
        code: 100,
        subcode: 2061006,
        message: `(#100) Could not fetch the photo at url: ${fetched.message}`,
      });
    }
    format = fetched.format;
    bytes = fetched.bytes;
  } else {
    return graphError(c, { code: 324, message: '(#324) Requires upload file' });
  }
  if (!isImageFormat(format as never) || bytes > MAX_PHOTO_BYTES) {
    return graphError(c, {
      code: 324,
      subcode: 1366046,
      message:
        '(#324) Missing or invalid image file: use a JPEG, PNG, GIF, BMP or WebP image of at most 10 MB.',
    });
  }
  const published = isTrue(input.params.published, true);
  const now = ctx.now();
  const id = graphId();
  const photo: FbObject = { id, kind: 'photo', pageId, message, createdAt: now, published, imageUrl: url };
  store.objects.set(id, photo);
  if (!published) return c.json({ id });
  const postId = `${pageId}_${graphId()}`;
  photo.postId = postId;
  const post: FbObject = { id: postId, kind: 'post', pageId, message, createdAt: now, published: true };
  post.permalink = postPermalink(pageId, postId);
  photo.permalink = post.permalink;
  store.objects.set(postId, post);
  record(ctx, post, 'image', [{ kind: 'image', url, bytes }]);
  return c.json({ id, post_id: postId });
}

async function createVideo(c: SandboxContextC, ctx: SandboxContext, pageId: string, input: GraphParams) {
  const store = fbStore(ctx);
  const message = input.params.description ?? '';
  const long = tooLong(c, message);
  if (long) return long;
  const source = input.files.source;
  const url = input.params.file_url;
  let format: string;
  let bytes: number;
  if (source) {
    const data = new Uint8Array(await source.arrayBuffer());
    format = sniffFormat(data.subarray(0, 16));
    bytes = data.byteLength;
  } else if (url) {
    const fetched = await fetchMedia(url, MAX_VIDEO_BYTES);
    if (!fetched.ok) {
      return graphError(c, {
        code: 100,
        subcode: 2061006,
        message: `(#100) Could not fetch the video at file_url: ${fetched.message}`,
      });
    }
    format = fetched.format;
    bytes = fetched.bytes;
  } else {
    return missingParam(c, 'file_url or source');
  }
  if (!isVideoFormat(format as never)) {
    return graphError(c, {
      code: 352,
      message: "(#352) Sorry, the video file you selected is in a format that we don't support.",
    });
  }
  const now = ctx.now();
  const id = graphId();
  const published = isTrue(input.params.published, true);
  const video: FbObject = {
    id,
    kind: 'video',
    pageId,
    message,
    createdAt: now,
    published,
    permalink: `https://www.facebook.com/${pageId}/videos/${id}`,
    video: {
      purpose: 'video',
      phase: 'uploaded',
      uploadedAt: now,
      bytes,
      state: published ? 'PUBLISHED' : 'DRAFT',
    },
  };
  store.objects.set(id, video);
  if (published) record(ctx, video, 'video', [{ kind: 'video', url, bytes }]);
  return c.json({ id });
}

function uploadUrl(c: SandboxContextC, videoId: string): string {
  const version = /\/(v\d+\.\d+)\//.exec(c.req.path)?.[1] ?? 'v25.0';
  return `https://rupload.facebook.com/video-upload/${version}/${videoId}`;
}

/** Reels and video stories: upload_phase=start, bytes to rupload, upload_phase=finish. */
function uploadPhase(
  c: SandboxContextC,
  ctx: SandboxContext,
  pageId: string,
  input: GraphParams,
  purpose: 'reel' | 'story',
) {
  const store = fbStore(ctx);
  const phase = input.params.upload_phase;
  const now = ctx.now();
  const reels = store.reels.get(pageId) ?? [];
  store.reels.set(pageId, reels);
  const reelLimitReached = () =>
    purpose === 'reel' && ctx.state.settings.rateLimits && windowCount(reels, now) >= REELS_PER_DAY;
  const limitError = () =>
    graphError(c, {
      code: 32,
      message: `(#32) Page request limit reached: a Page can publish at most ${REELS_PER_DAY} reels through the API in 24 hours.`,
    });
  if (phase === 'start') {
    if (reelLimitReached()) return limitError();
    const id = graphId();
    store.objects.set(id, {
      id,
      kind: 'video',
      pageId,
      message: '',
      createdAt: now,
      published: false,
      video: { purpose, phase: 'created', bytes: 0 },
    });
    return c.json({ video_id: id, upload_url: uploadUrl(c, id) });
  }
  if (phase !== 'finish') {
    return graphError(c, { code: 100, message: '(#100) upload_phase must be one of start, finish' });
  }
  const videoId = input.params.video_id;
  if (!videoId) return missingParam(c, 'video_id');
  const object = store.objects.get(videoId);
  if (!object?.video || object.pageId !== pageId || object.video.purpose !== purpose) {
    return unsupportedRequest(c, 'post', videoId);
  }
  if (object.video.phase !== 'uploaded' || object.video.state) {
    return graphError(c, {
      code: 6000,
      message:
        '(#6000) There was a problem uploading your video file: upload the video before finishing, once.',
    });
  }
  const message = input.params.description ?? '';
  const long = tooLong(c, message);
  if (long) return long;
  object.message = message;
  if (purpose === 'story') {
    object.video.state = 'PUBLISHED';
    object.published = true;
    object.kind = 'story';
    object.permalink = `https://www.facebook.com/stories/${videoId}`;
    record(ctx, object, 'story', [{ kind: 'video', url: object.video.sourceUrl, bytes: object.video.bytes }]);
    return c.json({ success: true, post_id: videoId });
  }
  const state = (input.params.video_state ?? 'PUBLISHED').toUpperCase();
  if (state !== 'PUBLISHED' && state !== 'DRAFT' && state !== 'SCHEDULED') {
    return graphError(c, {
      code: 100,
      message: '(#100) video_state must be one of PUBLISHED, DRAFT, SCHEDULED',
    });
  }
  if (state === 'PUBLISHED' && reelLimitReached()) return limitError();
  object.video.state = state;
  object.permalink = `https://www.facebook.com/reel/${videoId}`;
  if (state === 'PUBLISHED') {
    object.published = true;
    reels.push(now);
    record(ctx, object, 'reel', [{ kind: 'video', url: object.video.sourceUrl, bytes: object.video.bytes }]);
  }
  return c.json({ success: true });
}

function createPhotoStory(c: SandboxContextC, ctx: SandboxContext, pageId: string, input: GraphParams) {
  const store = fbStore(ctx);
  const photoId = input.params.photo_id;
  if (!photoId) return missingParam(c, 'photo_id');
  const photo = store.objects.get(photoId);
  if (!isFreePhoto(photo, pageId)) {
    return graphError(c, {
      code: 100,
      message: '(#100) photo_id must be an unpublished photo of this Page that is not used yet',
    });
  }
  photo.attached = true;
  const postId = graphId();
  const story: FbObject = {
    id: postId,
    kind: 'story',
    pageId,
    message: '',
    createdAt: ctx.now(),
    published: true,
    permalink: `https://www.facebook.com/stories/${postId}`,
    imageUrl: photo.imageUrl,
  };
  store.objects.set(postId, story);
  record(ctx, story, 'story', [{ kind: 'image', url: photo.imageUrl }]);
  return c.json({ success: true, post_id: postId });
}

function createComment(
  c: SandboxContextC,
  ctx: SandboxContext,
  token: TokenRecord,
  parent: FbObject,
  input: GraphParams,
) {
  const denied = requirePageToken(c, token, parent.pageId);
  if (denied) return denied;
  const message = input.params.message ?? '';
  if (!message && !input.params.attachment_url) return missingParam(c, 'message');
  const long = tooLong(c, message);
  if (long) return long;
  const id = `${parent.id.split('_')[1] ?? parent.id}_${graphId()}`;
  const comment: FbObject = {
    id,
    kind: 'comment',
    pageId: parent.pageId,
    message,
    createdAt: ctx.now(),
    published: true,
    permalink: `${parent.permalink ?? postPermalink(parent.pageId, parent.id)}?comment_id=${id}`,
  };
  fbStore(ctx).objects.set(id, comment);
  const page = pageById(parent.pageId);
  ctx.recordPost({
    platform: 'facebook',
    id,
    accountId: parent.pageId,
    accountName: page?.name ?? parent.pageId,
    text: message,
    type: 'comment',
    media: [],
    replyToId: parent.id,
    permalink: comment.permalink ?? '',
  });
  return c.json({ id });
}

function objectFields(object: FbObject, ctx: SandboxContext) {
  return {
    id: object.id,
    message: object.message || undefined,
    description: object.kind === 'video' ? object.message : undefined,
    created_time: new Date(object.createdAt).toISOString().replace('.000Z', '+0000'),
    permalink_url:
      object.permalink ??
      (object.kind === 'photo' ? `https://www.facebook.com/photo/?fbid=${object.id}` : undefined),
    is_published: object.published,
    from: { id: object.pageId, name: pageById(object.pageId)?.name },
    status: object.video ? videoStatus(object.video, ctx) : undefined,
    post_id: object.postId,
    // `shares` and `comments.summary(true)`: counts that grow over the first days, like insights.
    shares: {
      count: demoMetric(`${object.id}:shares`, new Date(object.createdAt).toISOString(), ctx.now(), 1),
    },
    comments: {
      data: [],
      summary: {
        total_count: demoMetric(
          `${object.id}:comments`,
          new Date(object.createdAt).toISOString(),
          ctx.now(),
          2,
        ),
      },
    },
  };
}

async function handleGraph(c: SandboxContextC, ctx: SandboxContext): Promise<Response> {
  const segments = graphSegments(c, c.req.path.split('/')[1] ?? '');
  const input = await readGraphParams(c);
  if (segments[0] === 'oauth' && segments[1] === 'access_token') return handleAccessToken(c, ctx, input);
  const token = requireGraphToken(ctx, c, 'facebook', input);
  if (token instanceof Response) return token;
  const [first, edge] = segments;
  if (!first) return unsupportedRequest(c, c.req.method, '');
  const isUser = token.extra.kind !== 'page';
  const id = first === 'me' ? token.accountId : first;
  const method = c.req.method;
  const fields = input.params.fields;

  if (id === DEMO_USER.id && isUser) {
    if (!edge && method === 'GET') {
      const user = { id: DEMO_USER.id, name: DEMO_USER.name, picture: picture(c, ctx, DEMO_USER.name) };
      return c.json(selectFields(user, fields, ['name']));
    }
    if (edge === 'permissions' && method === 'GET') {
      return c.json({ data: token.scopes.map((permission) => ({ permission, status: 'granted' })) });
    }
    if (edge === 'accounts' && method === 'GET') {
      const data = DEMO_PAGES.map((page) =>
        selectFields(pageObject(c, ctx, page, token), fields, [
          'access_token',
          'category',
          'category_list',
          'name',
          'tasks',
        ]),
      );
      return c.json({ data, paging: { cursors: { before: 'QVFIUbefore', after: 'QVFIUafter' } } });
    }
    return unsupportedRequest(c, method, first);
  }

  const page = pageById(id);
  if (page) {
    if (!edge && method === 'GET')
      return c.json(selectFields(pageObject(c, ctx, page, token), fields, ['name']));
    if (edge === 'insights' && method === 'GET') return handleFacebookInsights(c, ctx, { page, input });
    if ((edge === 'published_posts' || edge === 'posts' || edge === 'feed') && method === 'GET') {
      const denied = requirePageToken(c, token, page.id);
      return denied ?? listPagePosts(c, ctx, page.id, input);
    }
    if (method !== 'POST') return unsupportedRequest(c, method, first);
    const denied = requirePageToken(c, token, page.id);
    if (denied) return denied;
    if (edge === 'feed') return createFeedPost(c, ctx, page.id, input);
    if (edge === 'photos') return createPhoto(c, ctx, page.id, input);
    if (edge === 'videos') return createVideo(c, ctx, page.id, input);
    if (edge === 'video_reels') return uploadPhase(c, ctx, page.id, input, 'reel');
    if (edge === 'video_stories') return uploadPhase(c, ctx, page.id, input, 'story');
    if (edge === 'photo_stories') return createPhotoStory(c, ctx, page.id, input);
    return unsupportedRequest(c, method, first);
  }

  const object = fbStore(ctx).objects.get(id);
  if (!object) return unsupportedRequest(c, method, first);
  if (!edge && method === 'GET')
    return c.json(selectFields(objectFields(object, ctx), fields, ['created_time', 'message']));
  if (edge === 'insights' && method === 'GET') return handleFacebookInsights(c, ctx, { object, input });
  if (edge === 'comments' && method === 'POST') return createComment(c, ctx, token, object, input);
  return unsupportedRequest(c, method, first);
}

/**
 * `GET /{page}/published_posts` (and `/feed`, `/posts`): the Page's published posts and videos,
 * newest first, `limit` (at most 100) a page with an `after` cursor, `since`/`until` in unix
 * seconds. A new post only shows once `listDelayMs` has passed, as Meta's read side lags too.
 */
function listPagePosts(c: SandboxContextC, ctx: SandboxContext, pageId: string, input: GraphParams) {
  const now = ctx.now();
  const posts = [...fbStore(ctx).objects.values()]
    .filter(
      (object) =>
        object.pageId === pageId &&
        object.published &&
        (object.kind === 'post' || (object.kind === 'video' && object.video?.purpose === 'video')) &&
        isListed(ctx.state.settings, object.createdAt, now),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
  const page = graphPage(
    posts,
    input.params,
    (limit, after) =>
      `https://graph.facebook.com/v25.0/${pageId}/published_posts?limit=${limit}&after=${after}`,
  );
  if (!page) {
    return graphError(c, {
      code: 100,
      message: '(#100) since/until must be unix timestamps or dates, limit 1-100 and after a cursor',
    });
  }
  const data = page.data.map((object) =>
    selectFields(objectFields(object, ctx), input.params.fields, ['created_time', 'message']),
  );
  return c.json({ data, paging: page.paging });
}

function handleAccessToken(c: SandboxContextC, ctx: SandboxContext, input: GraphParams): Response {
  const { params } = input;
  const clientId = params.client_id;
  if (!clientId) return missingParam(c, 'client_id');
  if (!params.client_secret || !ctx.checkClient('facebook', clientId, params.client_secret)) {
    return graphError(c, { code: 1, message: 'Error validating client secret.' });
  }
  if (params.grant_type === 'fb_exchange_token') {
    const short = ctx.checkAccessToken('facebook', params.fb_exchange_token);
    if (!short.ok || short.token.extra.kind === 'page' || short.token.clientId !== clientId) {
      return graphError(c, { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    }
    const issued = ctx.issueTokens({
      platform: 'facebook',
      clientId,
      accountId: short.token.accountId,
      scopes: short.token.scopes,
      accessTtlSec: LONG_LIVED_SECONDS,
      extra: { kind: 'user', lived: 'long' },
    });
    return c.json({ access_token: issued.accessToken, token_type: 'bearer', expires_in: LONG_LIVED_SECONDS });
  }
  if (!params.code) return missingParam(c, 'code');
  const result = ctx.consumeCode('facebook', params.code, clientId, params.redirect_uri);
  if (!result.ok) {
    const messages = {
      invalid: { message: 'Invalid verification code format.' },
      used: { message: 'This authorization code has been used.', subcode: 36009 },
      expired: { message: 'This authorization code has expired.', subcode: 36007 },
      client_mismatch: { message: 'Error validating verification code: the code was issued to another app.' },
      redirect_mismatch: {
        message:
          'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
        subcode: 36008,
      },
    } as const;
    const error: { message: string; subcode?: number } = messages[result.reason];
    return graphError(c, { code: 100, message: error.message, subcode: error.subcode });
  }
  const issued = ctx.issueTokens({
    platform: 'facebook',
    clientId,
    accountId: result.code.accountId,
    scopes: result.code.scopes,
    accessTtlSec: SHORT_LIVED_SECONDS,
    extra: { kind: 'user', lived: 'short' },
  });
  return c.json({ access_token: issued.accessToken, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS });
}

function handleWww(c: SandboxContextC, ctx: SandboxContext): Response | Promise<Response> {
  const segments = graphSegments(c, 'www.facebook.com');
  if (segments[0] === 'dialog' && segments[1] === 'oauth') {
    const query = c.req.query();
    const clientId = query.client_id ?? query.app_id;
    const redirectUri = query.redirect_uri;
    if (!clientId || !redirectUri) {
      return c.html('<p>Invalid request: client_id and redirect_uri are required.</p>', 400);
    }
    const scopes = (query.scope ?? 'public_profile').split(/[,\s]+/).filter(Boolean);
    return ctx.consent(c, {
      platform: 'facebook',
      platformName: 'Facebook',
      clientId,
      redirectUri,
      state: query.state,
      scopes,
      identity: { id: DEMO_USER.id, name: DEMO_USER.name, avatarUrl: ctx.avatarUrl(c, DEMO_USER.name) },
      approve: () =>
        ctx.issueCode({
          platform: 'facebook',
          clientId,
          redirectUri,
          scopes,
          accountId: DEMO_USER.id,
          ttlMs: 10 * 60 * 1000,
        }),
    });
  }
  // Public post addresses: /<page>/posts/<id>, /reel/<id>, /stories/<id>, /<page>/videos/<id>, /photo/?fbid=<id>.
  const store = fbStore(ctx);
  let id: string | undefined;
  if (segments[1] === 'posts' && segments[0] && segments[2]) id = `${segments[0]}_${segments[2]}`;
  else if ((segments[0] === 'reel' || segments[0] === 'stories') && segments[1]) id = segments.at(-1);
  else if (segments[1] === 'videos' && segments[2]) id = segments[2];
  else if (segments[0] === 'photo') id = store.objects.get(c.req.query('fbid') ?? '')?.postId;
  return ctx.renderPostPage(c, id ? ctx.findPost('facebook', id) : undefined);
}

export const facebookModule: SandboxPlatformModule = {
  platform: 'facebook',
  hosts: ['www.facebook.com', 'graph.facebook.com', 'graph-video.facebook.com', 'rupload.facebook.com'],
  register(app, ctx) {
    app.all('/www.facebook.com/*', (c) => handleWww(c, ctx));
    app.all('/graph.facebook.com/*', (c) => handleGraph(c, ctx));
    app.all('/graph-video.facebook.com/*', (c) => handleGraph(c, ctx));
    app.post('/rupload.facebook.com/video-upload/:version/:videoId', (c) =>
      handleRupload(c, ctx, fbStore(ctx).objects.get(c.req.param('videoId'))),
    );
  },
};

export default facebookModule;
