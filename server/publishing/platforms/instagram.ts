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
import { asString, normalizeText, parseJson, pollUntil } from './adapter-support.js';
import { bearer, containerStatusOf, findGraphPostByText, jsonPost } from './meta-graph-client.js';

/**
 * Instagram with Instagram Login (platform-apis.md section 3): a container per image (JPEG only),
 * REELS, STORIES or CAROUSEL (children first), wait until FINISHED, media_publish, then the permalink.
 * Instagram downloads the media itself from signed public addresses.
 */
const GRAPH = 'https://graph.instagram.com/v25.0';
/** Meta suggests polling once a minute for up to 5 minutes; we poll faster within the same bound. */
const MAX_CONTAINER_WAIT_MS = 5 * 60_000;

export const INSTAGRAM_REELS_MESSAGE =
  'Videos must be posted as Reels. Please select "Reel" as the post type.';

export function instagramErrorMessage(_status: number, body: string): string {
  const parsed = parseJson(body) as { error?: { message?: unknown; error_user_msg?: unknown } } | null;
  if (!parsed || typeof parsed !== 'object') return 'Failed to process the request';
  const message = typeof parsed.error?.message === 'string' ? parsed.error.message : '';
  const userMessage = typeof parsed.error?.error_user_msg === 'string' ? parsed.error.error_user_msg : '';
  const text = `${message} ${userMessage}`;
  if (text.includes('media_type is obsolete') || text.includes('Use the REELS media'))
    return INSTAGRAM_REELS_MESSAGE;
  // Carousel and story problems are already worded for people: shown as they are.
  if (/carousel|stories|story/i.test(text)) return userMessage || message;
  return `Instagram API error: ${body.trim()}`;
}

function igUserId(ctx: PublishContext): string {
  return asString(ctx.account.metadata.igUserId) ?? ctx.account.platformAccountId;
}

async function createContainer(ctx: PublishContext, params: Record<string, unknown>): Promise<string> {
  const body = await graphJson<{ id?: string }>(ctx, `${GRAPH}/${igUserId(ctx)}/media`, {
    ...(await jsonPost(ctx, params)),
    mapError: instagramErrorMessage,
  });
  if (!body.id) throw new PlatformError('retryable', 'Instagram API error: no container id returned');
  return body.id;
}

/** FINISHED within the bound; ERROR fails the post with Instagram's status text; still IN_PROGRESS is retried later. */
async function waitUntilFinished(ctx: PublishContext, containerId: string): Promise<void> {
  let wait = 250;
  await pollUntil(
    ctx,
    {
      maxWaitMs: MAX_CONTAINER_WAIT_MS,
      timeoutMessage: 'Instagram is still processing the media. We will try again.',
    },
    async () => {
      const body = await graphJson<{ status_code?: string; status?: string }>(
        ctx,
        `${GRAPH}/${containerId}?fields=status_code,status`,
        { headers: await bearer(ctx), mapError: instagramErrorMessage },
      );
      if (body.status_code === 'FINISHED' || body.status_code === 'PUBLISHED')
        return { done: true, value: undefined };
      if (body.status_code === 'ERROR' || body.status_code === 'EXPIRED') {
        throw new PlatformError('permanent', `Instagram API error: ${body.status ?? body.status_code}`);
      }
      wait = Math.min(wait * 2, 5000);
      return { done: false, waitMs: wait };
    },
  );
}

async function mediaParams(media: PublishMedia, altText: string | null): Promise<Record<string, unknown>> {
  if (media.kind === 'video') return { video_url: await media.publicUrl() };
  return { image_url: await media.publicJpegUrl(), ...(altText ? { alt_text: altText } : {}) };
}

async function buildContainer(ctx: PublishContext, input: PublishInput): Promise<string> {
  const altText = asString(input.metadata.alt_text);
  const media = input.media;
  if (media.length === 0) throw new PlatformError('permanent', 'Instagram posts need a photo or a video.');
  if (input.postType === 'story') {
    if (media.length !== 1)
      throw new PlatformError('permanent', 'Stories require exactly one photo or video.');
    const [file] = media as [PublishMedia];
    const params =
      file.kind === 'video'
        ? { video_url: await file.publicUrl() }
        : { image_url: await file.publicJpegUrl() };
    return createContainer(ctx, { media_type: 'STORIES', ...params });
  }
  if (input.postType === 'carousel' || media.length > 1) {
    const children: string[] = [];
    for (const item of media) {
      const params = await mediaParams(item, altText);
      children.push(
        await createContainer(ctx, {
          ...params,
          is_carousel_item: true,
          ...(item.kind === 'video' ? { media_type: 'VIDEO' } : {}),
        }),
      );
    }
    // Every child must be FINISHED before the carousel container is created.
    for (const child of children) await waitUntilFinished(ctx, child);
    return createContainer(ctx, {
      media_type: 'CAROUSEL',
      children,
      caption: input.content,
    });
  }
  const [file] = media as [PublishMedia];
  if (file.kind === 'video') {
    // Single feed videos are shared as reels since 2023.
    return createContainer(ctx, {
      media_type: 'REELS',
      video_url: await file.publicUrl(),
      caption: input.content,
      share_to_feed: true,
    });
  }
  if (input.postType === 'reel') throw new PlatformError('permanent', 'Reels require one video.');
  return createContainer(ctx, { ...(await mediaParams(file, altText)), caption: input.content });
}

async function permalink(ctx: PublishContext, mediaId: string): Promise<string | null> {
  try {
    const body = await graphJson<{ permalink?: string }>(ctx, `${GRAPH}/${mediaId}?fields=permalink`, {
      headers: await bearer(ctx),
      mapError: instagramErrorMessage,
    });
    return body.permalink ? ctx.http.url(body.permalink) : null;
  } catch {
    // Published already: a missing address never fails the post.
    return null;
  }
}

export const instagramAdapter: PlatformAdapter = {
  platform: 'instagram',

  async publish(ctx, input) {
    const container = await buildContainer(ctx, input);
    await waitUntilFinished(ctx, container);
    // A container is published at most once: after a lost answer its status tells.
    await ctx.remember?.({ instagramContainerId: container });
    const body = await graphJson<{ id?: string }>(
      ctx,
      `${GRAPH}/${igUserId(ctx)}/media_publish?creation_id=${encodeURIComponent(container)}`,
      { method: 'POST', headers: await bearer(ctx), commit: true, mapError: instagramErrorMessage },
    );
    if (!body.id) throw new PlatformError('permanent', 'Instagram API error: no media id returned');
    return { platformPostId: body.id, url: await permalink(ctx, body.id) };
  },

  async postUrl(ctx, platformPostId) {
    return permalink(ctx, platformPostId);
  },

  // Meta publishes no figure; the media edge usually lists a new post within seconds.
  visibilityDelayMs: 30_000,

  async reconcile(ctx, input, query): Promise<ReconcileResult> {
    const container = asString(ctx.progress.instagramContainerId);
    if (container) {
      const status = await containerStatusOf(
        ctx,
        `${GRAPH}/${container}`,
        'status_code',
        instagramErrorMessage,
      );
      if (status === null) return { status: 'unknowable' };
      if (status !== 'PUBLISHED') return { status: 'absent' };
    }
    const found = normalizeText(input.content) ? await findInMedia(ctx, input.content, query) : null;
    if (found) return { status: 'found', ...found };
    // The container says published: the media edge has not caught up yet.
    if (container) return { status: 'published' };
    return normalizeText(input.content) ? { status: 'absent' } : { status: 'unknowable' };
  },
};

/** The account's media since just before the request may have left, matched by caption. */
function findInMedia(ctx: PublishContext, caption: string, query: ReconcileQuery) {
  return findGraphPostByText(ctx, {
    url: `${GRAPH}/${igUserId(ctx)}/media`,
    textField: 'caption',
    linkField: 'permalink',
    fields: 'id,caption,timestamp,permalink',
    text: caption,
    query,
    mapError: instagramErrorMessage,
  });
}
