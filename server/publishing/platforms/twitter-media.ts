import { truncateText } from '../../../shared/text/truncate.js';
import { PlatformError } from '../../platforms/platform-error.js';
import type { PublishContext, PublishMedia } from '../platform-adapter.js';
import { asString, fileBlob, multipartBody, pollUntil, readChunks } from './adapter-support.js';
import { API, authHeaders, FAILED_TO_POST, twitterErrorMessage } from './twitter-api.js';

/** twitter-api-v2 and Postiz append 1 MB segments. */
const CHUNK_BYTES = 1024 * 1024;
const SIMPLE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
const MAX_PROCESSING_WAIT_MS = 10 * 60_000;
export const MAX_MEDIA_PER_TWEET = 4;

interface MediaData {
  data?: {
    id?: string;
    processing_info?: {
      state?: 'pending' | 'in_progress' | 'succeeded' | 'failed';
      check_after_secs?: number;
      error?: { message?: string; name?: string };
    };
  };
}

function category(media: PublishMedia): 'tweet_image' | 'tweet_gif' | 'tweet_video' {
  if (media.mimeType === 'image/gif') return 'tweet_gif';
  return media.kind === 'video' ? 'tweet_video' : 'tweet_image';
}

async function uploadSimple(ctx: PublishContext, media: PublishMedia): Promise<string> {
  const form = multipartBody({
    media_category: 'tweet_image',
    media_type: media.mimeType,
    media: { blob: await fileBlob(media), fileName: media.fileName },
  });
  const { body } = await ctx.http.json<MediaData>(`${API}/media/upload`, {
    method: 'POST',
    headers: await authHeaders(ctx),
    body: form,
    mapError: twitterErrorMessage,
  });
  const id = body.data?.id;
  if (!id) throw new PlatformError('retryable', FAILED_TO_POST);
  return id;
}

async function uploadChunked(ctx: PublishContext, media: PublishMedia): Promise<string> {
  const init = await ctx.http.json<MediaData>(`${API}/media/upload/initialize`, {
    method: 'POST',
    headers: await authHeaders(ctx, true),
    body: JSON.stringify({
      media_type: media.mimeType,
      total_bytes: media.sizeBytes,
      media_category: category(media),
    }),
    mapError: twitterErrorMessage,
  });
  const id = init.body.data?.id;
  if (!id) throw new PlatformError('retryable', FAILED_TO_POST);
  let segment = 0;
  for await (const chunk of readChunks(media.path, CHUNK_BYTES)) {
    const form = multipartBody({
      segment_index: String(segment),
      media: { blob: await fileBlob(media, chunk), fileName: media.fileName },
    });
    await ctx.http.request(`${API}/media/upload/${id}/append`, {
      method: 'POST',
      headers: await authHeaders(ctx),
      body: form,
      mapError: twitterErrorMessage,
    });
    segment += 1;
  }
  const finalized = await ctx.http.json<MediaData>(`${API}/media/upload/${id}/finalize`, {
    method: 'POST',
    headers: await authHeaders(ctx),
    mapError: twitterErrorMessage,
  });
  await waitUntilProcessed(ctx, id, finalized.body);
  return id;
}

/** Video and GIF processing: STATUS until `succeeded`, honouring `check_after_secs`. */
async function waitUntilProcessed(ctx: PublishContext, id: string, first: MediaData): Promise<void> {
  let current = first;
  let checked = false;
  await pollUntil(
    ctx,
    {
      maxWaitMs: MAX_PROCESSING_WAIT_MS,
      timeoutMessage: 'X is still processing the video. We will try again.',
    },
    async () => {
      if (checked) {
        const { body } = await ctx.http.json<MediaData>(
          `${API}/media/upload?command=STATUS&media_id=${encodeURIComponent(id)}`,
          { headers: await authHeaders(ctx), mapError: twitterErrorMessage },
        );
        current = body;
      }
      checked = true;
      const info = current.data?.processing_info;
      if (!info || info.state === 'succeeded') return { done: true, value: undefined };
      if (info.state === 'failed') {
        throw new PlatformError(
          'permanent',
          asString(info.error?.message) ?? asString(info.error?.name) ?? FAILED_TO_POST,
        );
      }
      return { done: false, waitMs: Math.max(1, info.check_after_secs ?? 1) * 1000 };
    },
  );
}

export async function uploadMedia(
  ctx: PublishContext,
  media: PublishMedia,
  altText: string | null,
): Promise<string> {
  const isStill = media.kind === 'image' && media.mimeType !== 'image/gif';
  const id =
    isStill && media.sizeBytes <= SIMPLE_UPLOAD_MAX_BYTES
      ? await uploadSimple(ctx, media)
      : await uploadChunked(ctx, media);
  if (altText && media.kind === 'image') {
    await ctx.http.request(`${API}/media/metadata`, {
      method: 'POST',
      headers: await authHeaders(ctx, true),
      body: JSON.stringify({
        id,
        metadata: { alt_text: { text: truncateText(altText, 1000, { unit: 'utf16' }) } },
      }),
      mapError: twitterErrorMessage,
    });
  }
  return id;
}
