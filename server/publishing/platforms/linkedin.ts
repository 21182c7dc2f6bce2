import { LINKEDIN_DEFAULT_VISIBILITY, LINKEDIN_VISIBILITIES } from '../../../shared/posts/constants.js';
import { LINKEDIN_VERSION } from '../../platforms/linkedin-api.js';
import { PlatformError } from '../../platforms/platform-error.js';
import type { PlatformResponse } from '../../platforms/platform-response.js';
import type { PlatformAdapter, PublishContext, PublishMedia, ReconcileResult } from '../platform-adapter.js';
import { CLOCK_SKEW_MS } from '../reconcile-post.js';
import { asString, fileBlob, normalizeText, pollUntil, readRange, toBody } from './adapter-support.js';

/**
 * LinkedIn Posts API (platform-apis.md section 4): media uploaded first (images and documents in
 * one PUT, videos by the upload instructions' byte ranges + finalize + wait until AVAILABLE),
 * then POST /rest/posts; the new post's URN comes back in the `x-restli-id` header.
 */
const API = 'https://api.linkedin.com/rest';
const MAX_VIDEO_WAIT_MS = 10 * 60_000;
const VIDEO_POLL_MS = 1000;

export function linkedinErrorMessage(status: number, body: string): string {
  return `Backend error: ${body.trim() || `HTTP ${status}`}`;
}

/** LinkedIn "little text": these characters are markup unless escaped with a backslash. */
export function escapeLittleText(text: string): string {
  return text.replace(/[\\|{}@[\]()<>#*_~]/g, (char) => `\\${char}`);
}

async function headers(ctx: PublishContext, json = true): Promise<Record<string, string>> {
  return {
    authorization: `Bearer ${await ctx.accessToken()}`,
    'linkedin-version': LINKEDIN_VERSION,
    'x-restli-protocol-version': '2.0.0',
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

function authorUrn(ctx: PublishContext): string {
  return asString(ctx.account.metadata.authorUrn) ?? `urn:li:person:${ctx.account.platformAccountId}`;
}

async function uploadSinglePut(
  ctx: PublishContext,
  media: PublishMedia,
  kind: 'images' | 'documents',
): Promise<string> {
  const { body } = await ctx.http.json<{ value?: { uploadUrl?: string; image?: string; document?: string } }>(
    `${API}/${kind}?action=initializeUpload`,
    {
      method: 'POST',
      headers: await headers(ctx),
      body: JSON.stringify({ initializeUploadRequest: { owner: authorUrn(ctx) } }),
      mapError: linkedinErrorMessage,
    },
  );
  const urn = kind === 'images' ? body.value?.image : body.value?.document;
  const uploadUrl = body.value?.uploadUrl;
  if (!urn || !uploadUrl)
    throw new PlatformError('retryable', 'Backend error: LinkedIn returned no upload address');
  await ctx.http.request(uploadUrl, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await ctx.accessToken()}`, 'content-type': media.mimeType },
    body: await fileBlob(media),
    timeoutMs: 120_000,
    mapError: linkedinErrorMessage,
  });
  return urn;
}

interface VideoInit {
  value?: {
    video?: string;
    uploadToken?: string;
    uploadInstructions?: Array<{ uploadUrl: string; firstByte: number; lastByte: number }>;
  };
}

async function uploadVideo(ctx: PublishContext, media: PublishMedia): Promise<string> {
  const { body } = await ctx.http.json<VideoInit>(`${API}/videos?action=initializeUpload`, {
    method: 'POST',
    headers: await headers(ctx),
    body: JSON.stringify({
      initializeUploadRequest: {
        owner: authorUrn(ctx),
        fileSizeBytes: media.sizeBytes,
        uploadCaptions: false,
        uploadThumbnail: false,
      },
    }),
    mapError: linkedinErrorMessage,
  });
  const video = body.value?.video;
  const instructions = body.value?.uploadInstructions ?? [];
  if (!video || instructions.length === 0) {
    throw new PlatformError('retryable', 'Backend error: LinkedIn returned no upload instructions');
  }
  const etags: string[] = [];
  // The parts are the ones LinkedIn dictates, sent in order; each answer's ETag identifies it.
  for (const part of instructions) {
    const bytes = await readRange(media.path, part.firstByte, part.lastByte);
    const response = await ctx.http.request(part.uploadUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      body: toBody(bytes),
      timeoutMs: 120_000,
      mapError: linkedinErrorMessage,
    });
    const etag = response.headers.get('etag');
    if (!etag)
      throw new PlatformError('retryable', 'Backend error: LinkedIn returned no ETag for an uploaded part');
    etags.push(etag);
  }
  await ctx.http.request(`${API}/videos?action=finalizeUpload`, {
    method: 'POST',
    headers: await headers(ctx),
    body: JSON.stringify({
      finalizeUploadRequest: { video, uploadToken: body.value?.uploadToken ?? '', uploadedPartIds: etags },
    }),
    mapError: linkedinErrorMessage,
  });
  await pollUntil(
    ctx,
    {
      maxWaitMs: MAX_VIDEO_WAIT_MS,
      timeoutMessage: 'LinkedIn is still processing the video. We will try again.',
    },
    async () => {
      const status = await ctx.http.json<{ status?: string; processingFailureReason?: string }>(
        `${API}/videos/${encodeURIComponent(video)}`,
        { headers: await headers(ctx, false), mapError: linkedinErrorMessage },
      );
      if (status.body.status === 'AVAILABLE') return { done: true, value: undefined };
      if (status.body.status === 'PROCESSING_FAILED') {
        throw new PlatformError(
          'permanent',
          `Backend error: video processing failed${status.body.processingFailureReason ? ` (${status.body.processingFailureReason})` : ''}`,
        );
      }
      return { done: false, waitMs: VIDEO_POLL_MS };
    },
  );
  return video;
}

async function buildContent(
  ctx: PublishContext,
  postType: string,
  media: PublishMedia[],
  metadata: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  const altText = asString(metadata.alt_text);
  if (postType === 'article') {
    const source = asString(metadata.articleUrl);
    if (!source) throw new PlatformError('permanent', 'Article URL is required for article posts');
    const article: Record<string, unknown> = { source, title: asString(metadata.articleTitle) ?? source };
    const description = asString(metadata.articleDescription);
    if (description) article.description = description;
    const thumbnail = media.find((m) => m.kind === 'image');
    if (thumbnail) article.thumbnail = await uploadSinglePut(ctx, thumbnail, 'images');
    return { article };
  }
  if (media.length === 0) return null;
  if (media.some((m) => m.kind === 'audio')) {
    throw new PlatformError('permanent', 'Backend error: LinkedIn does not accept audio files');
  }
  const images = media.filter((m) => m.kind === 'image');
  if (images.length > 1) {
    if (images.length !== media.length) {
      throw new PlatformError('permanent', 'Backend error: a LinkedIn post holds one media type');
    }
    const ids: string[] = [];
    for (const image of images) ids.push(await uploadSinglePut(ctx, image, 'images'));
    return { multiImage: { images: ids.map((id) => ({ id, ...(altText ? { altText } : {}) })) } };
  }
  if (media.length > 1)
    throw new PlatformError('permanent', 'Backend error: a LinkedIn post holds one video or document');
  const [file] = media as [PublishMedia];
  if (file.kind === 'image') {
    return { media: { id: await uploadSinglePut(ctx, file, 'images'), ...(altText ? { altText } : {}) } };
  }
  if (file.kind === 'document') {
    return { media: { id: await uploadSinglePut(ctx, file, 'documents'), title: file.fileName } };
  }
  return { media: { id: await uploadVideo(ctx, file) } };
}

function postUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}`;
}

export const linkedinAdapter: PlatformAdapter = {
  platform: 'linkedin',

  async publish(ctx, input) {
    const requested = asString(input.metadata.visibility);
    const visibility =
      requested && (LINKEDIN_VISIBILITIES as readonly string[]).includes(requested)
        ? requested
        : LINKEDIN_DEFAULT_VISIBILITY;
    const content = await buildContent(ctx, input.postType, input.media, input.metadata);
    const payload: Record<string, unknown> = {
      author: authorUrn(ctx),
      commentary: escapeLittleText(input.content),
      visibility,
      distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: 'PUBLISHED',
      isReshareDisabledByAuthor: false,
      ...(content ? { content } : {}),
    };
    let response: PlatformResponse;
    try {
      response = await ctx.http.request(`${API}/posts`, {
        method: 'POST',
        headers: await headers(ctx),
        body: JSON.stringify(payload),
        commit: true,
        mapError: linkedinErrorMessage,
      });
    } catch (error) {
      // Sent again after a lost answer: LinkedIn's refusal of the same commentary names the
      // post the first request created ("Content is a duplicate of urn:li:share:...").
      const duplicateOf = resentDuplicate(ctx, error);
      if (duplicateOf) return { platformPostId: duplicateOf, url: ctx.http.url(postUrl(duplicateOf)) };
      throw error;
    }
    const urn = response.headers.get('x-restli-id') ?? response.headers.get('x-linkedin-id');
    // 201 without an id: the post exists but we cannot name it; never re-sent.
    if (!urn) throw new PlatformError('permanent', 'Backend error: LinkedIn returned no post id');
    return { platformPostId: urn, url: ctx.http.url(postUrl(urn)) };
  },

  async postUrl(ctx, platformPostId) {
    return ctx.http.url(postUrl(platformPostId));
  },

  // LinkedIn publishes no figure; the duplicate check below does not depend on it.
  visibilityDelayMs: 30_000,

  async reconcile(ctx, input, query): Promise<ReconcileResult> {
    const commentary = escapeLittleText(input.content);
    if (!normalizeText(commentary)) return { status: 'unknowable' };
    const author = authorUrn(ctx);
    const permission = author.startsWith('urn:li:organization:')
      ? 'r_organization_social'
      : 'r_member_social';
    // Reading a member's posts needs a restricted permission few apps get. Without it the
    // post counts as absent: the resend either publishes it or is refused as a duplicate of
    // the post the first request created, whose URN LinkedIn names (see publish).
    if (!ctx.account.scopes?.includes(permission)) return { status: 'absent' };
    const params = new URLSearchParams({ q: 'author', author, count: '100', sortBy: 'CREATED' });
    const { body } = await ctx.http.json<{
      elements?: Array<{ id?: string; commentary?: string; createdAt?: number }>;
    }>(`${API}/posts?${params}`, { headers: await headers(ctx, false), mapError: linkedinErrorMessage });
    const wanted = normalizeText(commentary);
    const match = (body.elements ?? []).find(
      (post) =>
        post.id &&
        !query.knownIds.has(post.id) &&
        (post.createdAt ?? 0) >= query.since - CLOCK_SKEW_MS &&
        normalizeText(post.commentary ?? '') === wanted,
    );
    return match?.id
      ? { status: 'found', platformPostId: match.id, url: ctx.http.url(postUrl(match.id)) }
      : { status: 'absent' };
  },
};

/** The URN a resend was refused as a duplicate of (422 DUPLICATE_POST), if it was. */
function resentDuplicate(ctx: PublishContext, error: unknown): string | null {
  if (ctx.progress.resentAfter === undefined) return null;
  if (!(error instanceof PlatformError) || error.kind !== 'permanent' || error.httpStatus !== 422)
    return null;
  if (!error.message.includes('DUPLICATE_POST')) return null;
  return /duplicate of (urn:li:(?:share|ugcPost):\d+)/.exec(error.message)?.[1] ?? null;
}
