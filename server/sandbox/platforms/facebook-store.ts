import type { SandboxContext, SandboxContextC, TokenRecord } from '../sandbox-types.js';
import { graphError, unsupportedRequest } from './meta-graph.js';

export const SHORT_LIVED_SECONDS = 5400;
const MESSAGE_LIMIT = 63_206;
export const REELS_PER_DAY = 30;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;

export const DEMO_USER = { id: '100094871234501', name: 'Postloom Demo' };

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

export interface FbVideo {
  purpose: 'video' | 'reel' | 'story';
  phase: 'created' | 'uploaded';
  uploadedAt?: number;
  bytes: number;
  sourceUrl?: string;
  /** Set by upload_phase=finish (reels, stories) or at once for /videos. */
  state?: 'PUBLISHED' | 'DRAFT' | 'SCHEDULED';
}

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

interface FbStore {
  objects: Map<string, FbObject>;
  reels: Map<string, number[]>;
  pageTokens: Map<string, string>;
  /** `${pageId}\n${message}` -> when that text was last posted (duplicate check). */
  recentTexts: Map<string, number>;
}

export function fbStore(ctx: SandboxContext): FbStore {
  return ctx.store('facebook', () => ({
    objects: new Map(),
    reels: new Map(),
    pageTokens: new Map(),
    recentTexts: new Map(),
  }));
}

/** An unpublished photo of this Page not yet used by a post or story. */
export function isFreePhoto(photo: FbObject | undefined, pageId: string): photo is FbObject {
  return photo?.kind === 'photo' && photo.pageId === pageId && !photo.published && !photo.attached;
}

export function pageById(id: string): FbPage | undefined {
  return DEMO_PAGES.find((page) => page.id === id);
}

export function picture(c: SandboxContextC, ctx: SandboxContext, name: string) {
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

export function pageObject(c: SandboxContextC, ctx: SandboxContext, page: FbPage, token: TokenRecord) {
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
export function requirePageToken(c: SandboxContextC, token: TokenRecord, pageId: string): Response | null {
  if (!pageById(pageId)) return unsupportedRequest(c, c.req.method, pageId);
  if (token.extra.kind === 'page' && token.accountId === pageId) return null;
  return graphError(c, {
    status: 403,
    code: 200,
    message:
      '(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
  });
}

export function tooLong(c: SandboxContextC, message: string): Response | null {
  if ([...message].length <= MESSAGE_LIMIT) return null;
  return graphError(c, {
    code: 100,
    message: `(#100) The message must be at most ${MESSAGE_LIMIT} characters long.`,
  });
}

export function postPermalink(pageId: string, postId: string): string {
  return `https://www.facebook.com/${pageId}/posts/${postId.split('_')[1] ?? postId}`;
}

export function record(
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
