import type { SandboxContext, SandboxContextC, TokenRecord } from '../sandbox-types.js';
import {
  type FbObject,
  fbStore,
  isFreePhoto,
  MAX_PHOTO_BYTES,
  MAX_VIDEO_BYTES,
  pageById,
  postPermalink,
  REELS_PER_DAY,
  record,
  requirePageToken,
  tooLong,
} from './facebook-store.js';
import {
  DAY_MS,
  type GraphParams,
  graphError,
  graphId,
  isTrue,
  listParam,
  missingParam,
  unsupportedRequest,
  windowCount,
} from './meta-graph.js';
import { fetchMedia, isImageFormat, isVideoFormat, sniffFormat } from './meta-media.js';

export async function createFeedPost(
  c: SandboxContextC,
  ctx: SandboxContext,
  pageId: string,
  input: GraphParams,
) {
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

export async function createPhoto(
  c: SandboxContextC,
  ctx: SandboxContext,
  pageId: string,
  input: GraphParams,
) {
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

export async function createVideo(
  c: SandboxContextC,
  ctx: SandboxContext,
  pageId: string,
  input: GraphParams,
) {
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
export function uploadPhase(
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

export function createPhotoStory(
  c: SandboxContextC,
  ctx: SandboxContext,
  pageId: string,
  input: GraphParams,
) {
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

export function createComment(
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
