import { graphJson } from '../../platforms/meta-graph.js';
import { PlatformError } from '../../platforms/platform-error.js';
import type {
  PlatformAdapter,
  PublishContext,
  PublishInput,
  PublishMedia,
  ReconcileQuery,
  ReconcileResult,
} from '../platform-adapter.js';
import {
  asString,
  duplicateAfterResend,
  fileBlob,
  multipartBody,
  normalizeText,
  parseJson,
  pollUntil,
} from './adapter-support.js';
import { bearer, findGraphPostByText, jsonPost } from './meta-graph-client.js';

/**
 * Facebook Pages (platform-apis.md section 2) with the Page token: /feed for text, /photos for one
 * photo, unpublished photos + /feed attached_media for several, /videos, Reels (start, rupload,
 * finish), Stories (photo_stories, video_stories). Files are sent as bytes, so a server without a
 * public address can publish too.
 */
const GRAPH = 'https://graph.facebook.com/v25.0';
const MAX_VIDEO_WAIT_MS = 5 * 60_000;

export const REELS_MESSAGE = 'Videos must be posted as Reels. Please select "Reel" as the post type.';
export const STORY_MEDIA_MESSAGE = 'Stories require exactly one photo or video.';

export function facebookErrorMessage(_status: number, body: string): string {
  const parsed = parseJson(body) as { error?: { message?: unknown } } | null;
  if (!parsed || typeof parsed !== 'object') return 'Failed to process the request';
  const message = typeof parsed.error?.message === 'string' ? parsed.error.message : '';
  if (message.includes('Videos must be posted as Reels')) return REELS_MESSAGE;
  if (message.includes('Stories require exactly one media file')) return STORY_MEDIA_MESSAGE;
  return `Facebook API error: ${body.trim()}`;
}

function pageId(ctx: PublishContext): string {
  return asString(ctx.account.metadata.pageId) ?? ctx.account.platformAccountId;
}

async function postForm(
  ctx: PublishContext,
  path: string,
  fields: Record<string, string | Blob>,
  commit = false,
): Promise<Record<string, unknown>> {
  const form = multipartBody(
    Object.fromEntries(
      Object.entries(fields).map(([key, value]) => [
        key,
        typeof value === 'string' ? value : { blob: value, fileName: 'upload' },
      ]),
    ),
  );
  return graphJson<Record<string, unknown>>(ctx, `${GRAPH}${path}`, {
    method: 'POST',
    headers: await bearer(ctx),
    body: form,
    commit,
    timeoutMs: 300_000,
    mapError: facebookErrorMessage,
  });
}

async function postJson(ctx: PublishContext, path: string, payload: Record<string, unknown>, commit = false) {
  return graphJson<Record<string, unknown>>(ctx, `${GRAPH}${path}`, {
    ...(await jsonPost(ctx, payload)),
    commit,
    mapError: facebookErrorMessage,
  });
}

function idOf(body: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'string' && value) return value;
  }
  throw new PlatformError('permanent', 'Failed to process the request');
}

async function permalink(ctx: PublishContext, id: string, fallback: string | null): Promise<string | null> {
  try {
    const body = await graphJson<{ permalink_url?: string }>(ctx, `${GRAPH}/${id}?fields=permalink_url`, {
      headers: await bearer(ctx),
      mapError: facebookErrorMessage,
    });
    const url = asString(body.permalink_url) ?? fallback;
    return url ? ctx.http.url(url) : null;
  } catch {
    // The post is public already: a missing address never fails it.
    return fallback ? ctx.http.url(fallback) : null;
  }
}

/** Bytes to the rupload address of a reel or video story (`Authorization: OAuth <page token>`). */
async function rupload(ctx: PublishContext, uploadUrl: string, media: PublishMedia): Promise<void> {
  await graphJson(ctx, uploadUrl, {
    method: 'POST',
    headers: {
      authorization: `OAuth ${await ctx.accessToken()}`,
      offset: '0',
      file_size: String(media.sizeBytes),
      'content-type': 'application/octet-stream',
    },
    body: await fileBlob(media),
    timeoutMs: 300_000,
    mapError: facebookErrorMessage,
  });
}

async function unpublishedPhoto(ctx: PublishContext, media: PublishMedia): Promise<string> {
  const body = await postForm(ctx, `/${pageId(ctx)}/photos`, {
    published: 'false',
    source: await fileBlob(media),
  });
  return idOf(body, 'id');
}

async function publishFeed(ctx: PublishContext, input: PublishInput) {
  const page = pageId(ctx);
  const media = input.media;
  if (media.length === 0) {
    const body = await postJson(ctx, `/${page}/feed`, { message: input.content }, true).catch(
      (error: unknown) => {
        // Meta refuses the same status text twice in a row (#506).
        throw duplicateAfterResend(ctx, error, (message) => message.includes('(#506)'));
      },
    );
    return idOf(body, 'id');
  }
  if (media.some((m) => m.kind === 'video')) {
    if (media.length > 1) throw new PlatformError('permanent', REELS_MESSAGE);
    const [video] = media as [PublishMedia];
    const body = await postForm(
      ctx,
      `/${page}/videos`,
      { description: input.content, source: await fileBlob(video) },
      true,
    );
    return idOf(body, 'id');
  }
  if (media.length === 1) {
    const [photo] = media as [PublishMedia];
    const body = await postForm(
      ctx,
      `/${page}/photos`,
      { caption: input.content, source: await fileBlob(photo) },
      true,
    );
    return idOf(body, 'post_id', 'id');
  }
  const ids: string[] = [];
  for (const photo of media) ids.push(await unpublishedPhoto(ctx, photo));
  const body = await postJson(
    ctx,
    `/${page}/feed`,
    { message: input.content, attached_media: ids.map((id) => ({ media_fbid: id })), published: true },
    true,
  );
  return idOf(body, 'id');
}

/** Waits until a reel's processing is over; its errors fail the post, a slow one stays posted. */
async function waitForVideo(ctx: PublishContext, videoId: string): Promise<void> {
  interface Status {
    status?: { video_status?: string; processing_phase?: { errors?: Array<{ message?: string }> } };
  }
  try {
    await pollUntil(ctx, { maxWaitMs: MAX_VIDEO_WAIT_MS, timeoutMessage: 'processing' }, async () => {
      const body = await graphJson<Status>(ctx, `${GRAPH}/${videoId}?fields=status`, {
        headers: await bearer(ctx),
        mapError: facebookErrorMessage,
      });
      const status = body.status?.video_status;
      const error = body.status?.processing_phase?.errors?.[0]?.message;
      if (status === 'error' || error)
        throw new PlatformError('permanent', `Facebook API error: ${error ?? 'video processing failed'}`);
      if (status === 'ready') return { done: true, value: undefined };
      return { done: false, waitMs: 1000 };
    });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'permanent') throw error;
    ctx.logger.warn('reel still processing after publishing', { videoId });
  }
}

async function publishReel(ctx: PublishContext, input: PublishInput) {
  const page = pageId(ctx);
  const video = input.media.find((m) => m.kind === 'video');
  if (!video || input.media.length !== 1)
    throw new PlatformError('permanent', 'Reels require exactly one video.');
  const start = await postJson(ctx, `/${page}/video_reels`, { upload_phase: 'start' });
  const videoId = idOf(start, 'video_id');
  await rupload(ctx, idOf(start, 'upload_url'), video);
  // The reel's id is known before it is published: after a lost answer its status tells.
  await ctx.remember?.({ facebookPendingVideoId: videoId });
  await postJson(
    ctx,
    `/${page}/video_reels`,
    { upload_phase: 'finish', video_id: videoId, video_state: 'PUBLISHED', description: input.content },
    true,
  );
  await ctx.saveProgress({ facebookVideoId: videoId });
  await waitForVideo(ctx, videoId);
  return videoId;
}

async function publishStory(ctx: PublishContext, input: PublishInput) {
  const page = pageId(ctx);
  if (input.media.length !== 1) throw new PlatformError('permanent', STORY_MEDIA_MESSAGE);
  const [media] = input.media as [PublishMedia];
  if (media.kind === 'image') {
    const photoId = await unpublishedPhoto(ctx, media);
    const body = await postJson(ctx, `/${page}/photo_stories`, { photo_id: photoId }, true);
    return idOf(body, 'post_id', 'id');
  }
  const start = await postJson(ctx, `/${page}/video_stories`, { upload_phase: 'start' });
  const videoId = idOf(start, 'video_id');
  await rupload(ctx, idOf(start, 'upload_url'), media);
  const body = await postJson(
    ctx,
    `/${page}/video_stories`,
    { upload_phase: 'finish', video_id: videoId },
    true,
  );
  return idOf(body, 'post_id', 'video_id');
}

export const facebookAdapter: PlatformAdapter = {
  platform: 'facebook',

  async publish(ctx, input) {
    if (input.postType === 'reel') {
      // A reel finished by an earlier attempt is public: only its address is left to read.
      const done = asString(ctx.progress.facebookVideoId);
      const id = done ?? (await publishReel(ctx, input));
      return { platformPostId: id, url: await permalink(ctx, id, `https://www.facebook.com/reel/${id}`) };
    }
    if (input.postType === 'story') {
      const id = await publishStory(ctx, input);
      return { platformPostId: id, url: await permalink(ctx, id, `https://www.facebook.com/stories/${id}`) };
    }
    const id = await publishFeed(ctx, input);
    return { platformPostId: id, url: await permalink(ctx, id, null) };
  },

  async postUrl(ctx, platformPostId) {
    return permalink(ctx, platformPostId, null);
  },

  // Meta publishes no figure; a Page's feed usually lists a new post within seconds.
  visibilityDelayMs: 30_000,

  async reconcile(ctx, input, query): Promise<ReconcileResult> {
    if (input.postType === 'reel') {
      const videoId = asString(ctx.progress.facebookPendingVideoId);
      if (!videoId) return { status: 'unknowable' };
      const body = await graphJson<{ status?: { publishing_phase?: { publish_status?: string } } }>(
        ctx,
        `${GRAPH}/${videoId}?fields=status`,
        { headers: await bearer(ctx), mapError: facebookErrorMessage },
      );
      // Published: publish() only reads its address back.
      return body.status?.publishing_phase?.publish_status === 'published'
        ? { status: 'resume', progress: { facebookVideoId: videoId } }
        : { status: 'absent' };
    }
    // Stories are not in the feed, and a post without text has nothing to recognise it by.
    if (input.postType === 'story' || !normalizeText(input.content)) return { status: 'unknowable' };
    const found = await findInFeed(ctx, input.content, query);
    return found ? { status: 'found', ...found } : { status: 'absent' };
  },
};

/** The Page's published posts since just before the request may have left, matched by text. */
function findInFeed(ctx: PublishContext, text: string, query: ReconcileQuery) {
  return findGraphPostByText(ctx, {
    url: `${GRAPH}/${pageId(ctx)}/published_posts`,
    textField: 'message',
    linkField: 'permalink_url',
    fields: 'id,message,created_time,permalink_url',
    text,
    query,
    mapError: facebookErrorMessage,
  });
}
