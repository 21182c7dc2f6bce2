import { PlatformError } from '../../platforms/platform-error.js';
import type {
  CreatorInfo,
  PlatformAdapter,
  PublishContext,
  PublishInput,
  PublishMedia,
  ReconcileResult,
} from '../platform-adapter.js';
import { asString, pollUntil, readRange, toBody } from './adapter-support.js';

/**
 * TikTok Content Posting API (platform-apis.md section 5): creator info before each post, videos by
 * FILE_UPLOAD in valid chunks, photos by PULL_FROM_URL, then status/fetch until PUBLISH_COMPLETE.
 */
const API = 'https://open.tiktokapis.com/v2';
const MB = 1024 * 1024;
/** Chunks must be 5-64 MB; 10 MB keeps memory low and stays far below the 1000-chunk cap. */
const CHUNK_BYTES = 10 * MB;
const MAX_STATUS_WAIT_MS = 5 * 60_000;
const DEFAULT_PRIVACY = 'PUBLIC_TO_EVERYONE';

function tiktokErrorMessage(status: number, body: string): string {
  return `Action failed: ${body.trim() || `HTTP ${status}`}`;
}

interface Envelope<T> {
  data?: T;
  error?: { code?: string; message?: string };
}

async function call<T>(ctx: PublishContext, path: string, payload: unknown, commit = false): Promise<T> {
  const { body } = await ctx.http.json<Envelope<T>>(`${API}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await ctx.accessToken()}`,
      'content-type': 'application/json; charset=UTF-8',
    },
    body: JSON.stringify(payload ?? {}),
    commit,
    mapError: tiktokErrorMessage,
  });
  if (body.error?.code && body.error.code !== 'ok') {
    throw new PlatformError('permanent', tiktokErrorMessage(200, JSON.stringify(body)));
  }
  return (body.data ?? {}) as T;
}

interface CreatorInfoData {
  creator_username?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

async function queryCreatorInfo(ctx: PublishContext): Promise<CreatorInfoData> {
  return call<CreatorInfoData>(ctx, '/post/publish/creator_info/query/', {});
}

/** Valid FILE_UPLOAD chunking: one chunk under 10 MB, else 10 MB chunks with the remainder in the last one. */
export function chunkPlan(size: number): { chunkSize: number; count: number } {
  if (size < CHUNK_BYTES) return { chunkSize: size, count: 1 };
  return { chunkSize: CHUNK_BYTES, count: Math.floor(size / CHUNK_BYTES) };
}

function privacyLevel(input: PublishInput, info: CreatorInfoData): string {
  const requested = asString(input.metadata.privacy_level) ?? DEFAULT_PRIVACY;
  const offered = info.privacy_level_options ?? [];
  if (offered.length && !offered.includes(requested)) {
    throw new PlatformError(
      'permanent',
      `Action failed: privacy_level_option_mismatch: this TikTok account does not offer "${requested}" (available: ${offered.join(', ')}). Please choose another privacy level.`,
    );
  }
  return requested;
}

function flag(value: unknown, forced: boolean | undefined): boolean {
  return forced === true || value === true;
}

async function initVideo(
  ctx: PublishContext,
  input: PublishInput,
  info: CreatorInfoData,
  video: PublishMedia,
) {
  const { chunkSize, count } = chunkPlan(video.sizeBytes);
  const cover = Number(input.metadata.video_cover_timestamp_ms ?? 0);
  const data = await call<{ publish_id?: string; upload_url?: string }>(ctx, '/post/publish/video/init/', {
    post_info: {
      title: input.content,
      privacy_level: privacyLevel(input, info),
      disable_comment: flag(input.metadata.disable_comment, info.comment_disabled),
      disable_duet: flag(input.metadata.disable_duet, info.duet_disabled),
      disable_stitch: flag(input.metadata.disable_stitch, info.stitch_disabled),
      video_cover_timestamp_ms: Number.isFinite(cover) && cover >= 0 ? Math.floor(cover) : 0,
    },
    source_info: {
      source: 'FILE_UPLOAD',
      video_size: video.sizeBytes,
      chunk_size: chunkSize,
      total_chunk_count: count,
    },
  });
  if (!data.publish_id || !data.upload_url)
    throw new PlatformError('retryable', 'Action failed: no upload address');
  // Nothing is published before the last chunk is in; after a lost answer to it, the publish
  // status tells whether it arrived.
  await ctx.remember?.({ tiktokPendingPublishId: data.publish_id });
  // Chunks in order; the last one may be larger than chunk_size.
  for (let index = 0; index < count; index += 1) {
    const first = index * chunkSize;
    const last = index === count - 1 ? video.sizeBytes - 1 : first + chunkSize - 1;
    const bytes = await readRange(video.path, first, last);
    // The last chunk completes the upload: TikTok then publishes on its own, so it is the commit.
    await ctx.http.request(data.upload_url, {
      method: 'PUT',
      headers: {
        'content-type': video.mimeType,
        'content-range': `bytes ${first}-${last}/${video.sizeBytes}`,
      },
      body: toBody(bytes),
      timeoutMs: 300_000,
      commit: index === count - 1,
      mapError: tiktokErrorMessage,
    });
  }
  return data.publish_id;
}

async function initPhotos(ctx: PublishContext, input: PublishInput, info: CreatorInfoData) {
  const urls: string[] = [];
  for (const media of input.media) urls.push(await media.publicUrl());
  const cover = Number(input.metadata.photo_cover_index ?? 0);
  const data = await call<{ publish_id?: string }>(
    ctx,
    '/post/publish/content/init/',
    {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        description: input.content,
        privacy_level: privacyLevel(input, info),
        disable_comment: flag(input.metadata.disable_comment, info.comment_disabled),
        auto_add_music: true,
      },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_cover_index: Number.isInteger(cover) && cover >= 0 && cover < urls.length ? cover : 0,
        photo_images: urls,
      },
    },
    // TikTok pulls the photos and publishes by itself once this is accepted.
    true,
  );
  if (!data.publish_id) throw new PlatformError('permanent', 'Action failed: no publish_id returned');
  return data.publish_id;
}

interface StatusData {
  status?: string;
  fail_reason?: string;
  publicaly_available_post_id?: Array<string | number>;
}

/** Waits for the outcome of an accepted publish; past the bound the post stays "posted" without an address. */
async function waitForPublish(ctx: PublishContext, publishId: string, username: string | null) {
  let wait = 500;
  try {
    return await pollUntil(
      ctx,
      { maxWaitMs: MAX_STATUS_WAIT_MS, timeoutMessage: 'still processing' },
      async () => {
        const data = await call<StatusData>(ctx, '/post/publish/status/fetch/', { publish_id: publishId });
        if (data.status === 'FAILED') {
          throw new PlatformError('permanent', `Action failed: ${data.fail_reason ?? 'FAILED'}`);
        }
        if (data.status === 'PUBLISH_COMPLETE' || data.status === 'SEND_TO_USER_INBOX') {
          const id = data.publicaly_available_post_id?.[0];
          return { done: true, value: id === undefined ? null : String(id) };
        }
        wait = Math.min(wait * 2, 5000);
        return { done: false, waitMs: wait };
      },
    ).then((postId) => ({
      platformPostId: postId ?? publishId,
      url: postId && username ? ctx.http.url(`https://www.tiktok.com/@${username}/video/${postId}`) : null,
    }));
  } catch (error) {
    // Accepted by TikTok but still in processing or moderation: never re-sent; no public id yet.
    if (
      error instanceof PlatformError &&
      error.kind === 'retryable' &&
      error.message === 'still processing'
    ) {
      return { platformPostId: publishId, url: null };
    }
    throw error;
  }
}

export const tiktokAdapter: PlatformAdapter = {
  platform: 'tiktok',

  async publish(ctx, input) {
    const username =
      asString(ctx.account.metadata.username) ?? ctx.account.accountHandle?.replace(/^@/, '') ?? null;
    // A publish accepted by an earlier attempt is only waited for, never started again.
    const accepted = asString(ctx.progress.tiktokPublishId);
    if (accepted) return waitForPublish(ctx, accepted, username);

    const info = await queryCreatorInfo(ctx);
    const handle = asString(info.creator_username) ?? username;
    let publishId: string;
    if (input.postType === 'photo') {
      if (input.media.length === 0 || input.media.some((m) => m.kind !== 'image')) {
        throw new PlatformError('permanent', 'Action failed: photo posts need 1 to 35 images');
      }
      publishId = await initPhotos(ctx, input, info);
    } else {
      const video = input.media.find((m) => m.kind === 'video');
      if (!video || input.media.length !== 1) {
        throw new PlatformError('permanent', 'Action failed: video posts need exactly one video');
      }
      publishId = await initVideo(ctx, input, info, video);
    }
    await ctx.saveProgress({ tiktokPublishId: publishId });
    return waitForPublish(ctx, publishId, handle);
  },

  // The publish status is read by id and answers at once.
  visibilityDelayMs: 0,

  async reconcile(ctx, input): Promise<ReconcileResult> {
    // Photos are published by the init call itself: its lost answer held the only id to ask about.
    const publishId = asString(ctx.progress.tiktokPendingPublishId);
    if (!publishId) return { status: 'unknowable' };
    let data: StatusData & { uploaded_bytes?: number };
    try {
      data = await call(ctx, '/post/publish/status/fetch/', { publish_id: publishId });
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'permanent') return { status: 'unknowable' };
      throw error;
    }
    const size = input.media.find((m) => m.kind === 'video')?.sizeBytes ?? 0;
    const incomplete = data.status === 'PROCESSING_UPLOAD' && (data.uploaded_bytes ?? 0) < size;
    // Failed, or the last chunk never arrived: nothing is or will be public.
    if (data.status === 'FAILED' || incomplete) return { status: 'absent' };
    return { status: 'resume', progress: { tiktokPublishId: publishId } };
  },

  async creatorInfo(ctx): Promise<CreatorInfo> {
    const info = await queryCreatorInfo(ctx);
    return {
      privacyLevelOptions: info.privacy_level_options ?? [],
      commentDisabled: Boolean(info.comment_disabled),
      duetDisabled: Boolean(info.duet_disabled),
      stitchDisabled: Boolean(info.stitch_disabled),
      maxVideoPostDurationSec:
        typeof info.max_video_post_duration_sec === 'number' ? info.max_video_post_duration_sec : null,
    };
  },
};
