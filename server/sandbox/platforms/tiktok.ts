import crypto from 'node:crypto';
import type {
  SandboxApp,
  SandboxContext,
  SandboxContextC,
  SandboxPlatformModule,
  TokenRecord,
} from '../sandbox-types.js';
import { demoMetric } from './shared.js';
import { logId, registerTiktokAuth, TIKTOK_DEMO_CREATOR } from './tiktok-auth.js';

const MB = 1024 * 1024;
const PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'];
/** Per access token, per minute (content posting API reference). */
const INIT_PER_MINUTE = 6;
const CREATOR_INFO_PER_MINUTE = 20;
const STATUS_PER_MINUTE = 30;
const PULL_TIMEOUT_MS = 15_000;

interface PublishJob {
  publishId: string;
  accountId: string;
  kind: 'video' | 'photo';
  mode: 'direct' | 'inbox';
  title: string;
  source: 'FILE_UPLOAD' | 'PULL_FROM_URL';
  videoSize: number;
  chunkSize: number;
  chunkCount: number;
  nextOffset: number;
  uploadId?: string;
  uploadToken?: string;
  urls: string[];
  downloadedBytes: number;
  /** Virtual ms when the bytes were all received (upload finished or pull succeeded). */
  receivedAt: number | null;
  failReason?: string;
  postId?: string;
}

function store(ctx: SandboxContext) {
  return ctx.store('tiktok', () => ({
    jobs: new Map<string, PublishJob>(),
    uploads: new Map<string, PublishJob>(),
  }));
}

/** Every TikTok API response: { data, error: { code, message, log_id } }. */
function ok(c: SandboxContextC, ctx: SandboxContext, data: unknown, status = 200) {
  return c.json({ data, error: { code: 'ok', message: '', log_id: logId(ctx) } }, status as 200);
}

function fail(c: SandboxContextC, ctx: SandboxContext, status: number, code: string, message: string) {
  return c.json({ data: {}, error: { code, message, log_id: logId(ctx) } }, status as 400);
}

function authenticate(c: SandboxContextC, ctx: SandboxContext, scope: string): TokenRecord | Response {
  const auth = ctx.authenticate(c, 'tiktok');
  if (!auth.ok) {
    return fail(
      c,
      ctx,
      401,
      'access_token_invalid',
      'The access token is invalid or not found in the request.',
    );
  }
  if (!auth.token.scopes.includes(scope)) {
    return fail(
      c,
      ctx,
      401,
      'scope_not_authorized',
      'The user did not authorize the scope required for completing this request.',
    );
  }
  return auth.token;
}

function limited(c: SandboxContextC, ctx: SandboxContext, token: TokenRecord, name: string, limit: number) {
  const result = ctx.rateLimit(`tiktok:${name}:${token.token}`, limit, 60_000);
  if (result.allowed) return null;
  return fail(c, ctx, 429, 'rate_limit_exceeded', 'API rate limit was exceeded. Please try again later.');
}

/** Chunk rules of the media transfer guide; null when the source_info is acceptable. */
export function chunkRuleError(size: number, chunk: number, count: number): string | null {
  if (!Number.isInteger(size) || size <= 0) return 'video_size must be a positive integer.';
  if (size > 4096 * MB) return 'video_size must be at most 4 GB.';
  if (!Number.isInteger(chunk) || !Number.isInteger(count))
    return 'chunk_size and total_chunk_count must be integers.';
  if (size < 5 * MB) {
    return chunk === size && count === 1
      ? null
      : 'Videos smaller than 5 MB must be uploaded as one chunk: chunk_size = video_size and total_chunk_count = 1.';
  }
  if (chunk < 5 * MB || chunk > 64 * MB) return 'chunk_size must be between 5 MB and 64 MB.';
  if (count !== Math.floor(size / chunk))
    return 'total_chunk_count must equal floor(video_size / chunk_size).';
  if (count < 1 || count > 1000) return 'total_chunk_count must be between 1 and 1000.';
  if (size - (count - 1) * chunk > 128 * MB) return 'The final chunk may be at most 128 MB.';
  return null;
}

function jobStatus(ctx: SandboxContext, job: PublishJob) {
  if (job.failReason) return { status: 'FAILED', fail_reason: job.failReason };
  const phase = job.source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
  if (job.receivedAt === null || ctx.now() - job.receivedAt < ctx.state.settings.containerDelayMs) {
    return { status: phase };
  }
  if (job.mode === 'inbox') return { status: 'SEND_TO_USER_INBOX' };
  return { status: 'PUBLISH_COMPLETE', publicaly_available_post_id: job.postId ? [Number(job.postId)] : [] };
}

/** All bytes are in: the post exists (TikTok reveals its id once processing is over). */
function completeJob(ctx: SandboxContext, job: PublishJob): void {
  job.receivedAt = ctx.now();
  // TikTok sends post ids as JSON numbers: keep them below 2^53 so clients read them exactly.
  job.postId = String(7_000_000_000_000_000 + crypto.randomInt(0, 2 ** 48 - 1));
  ctx.recordPost({
    platform: 'tiktok',
    id: job.postId,
    accountId: job.accountId,
    accountName: TIKTOK_DEMO_CREATOR.displayName,
    text: job.title,
    type: job.mode === 'inbox' ? 'inbox' : job.kind,
    media:
      job.kind === 'photo'
        ? job.urls.map((url) => ({ kind: 'image' as const, url }))
        : [
            {
              kind: 'video',
              bytes: job.videoSize || job.downloadedBytes,
              ...(job.urls[0] ? { url: job.urls[0] } : {}),
            },
          ],
    replyToId: null,
    permalink: ctx.publicUrl('www.tiktok.com', `@${TIKTOK_DEMO_CREATOR.username}/video/${job.postId}`),
  });
}

/** PULL_FROM_URL: the sandbox fetches every URL, like TikTok does, and fails the publish if one is unreachable. */
async function pull(ctx: SandboxContext, job: PublishJob): Promise<void> {
  for (const url of job.urls) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(PULL_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      job.downloadedBytes += (await response.arrayBuffer()).byteLength;
    } catch {
      job.failReason = job.kind === 'photo' ? 'photo_pull_failed' : 'video_pull_failed';
      return;
    }
  }
  completeJob(ctx, job);
}

function readPostInfo(
  c: SandboxContextC,
  ctx: SandboxContext,
  info: Record<string, unknown> | undefined,
  maxTitle: number,
): { title: string } | Response {
  const title = typeof info?.title === 'string' ? info.title : '';
  if ([...title].length > maxTitle)
    return fail(c, ctx, 400, 'invalid_params', `title must be at most ${maxTitle} characters.`);
  const privacy = info?.privacy_level;
  if (typeof privacy !== 'string' || !PRIVACY_LEVELS.includes(privacy)) {
    return fail(
      c,
      ctx,
      400,
      'privacy_level_option_mismatch',
      'privacy_level must be one of the privacy_level_options returned by creator_info.',
    );
  }
  return { title };
}

function registerTiktokApi(app: SandboxApp, ctx: SandboxContext): void {
  app.get('/open.tiktokapis.com/v2/user/info/', (c) => {
    const token = authenticate(c, ctx, 'user.info.basic');
    if (token instanceof Response) return token;
    const fields = (c.req.query('fields') ?? '').split(',').filter(Boolean);
    if (!fields.length) return fail(c, ctx, 400, 'invalid_params', 'fields is required.');
    const avatar = ctx.avatarUrl(c, 'tiktok');
    const all: Record<string, unknown> = {
      open_id: token.accountId,
      union_id: TIKTOK_DEMO_CREATOR.unionId,
      avatar_url: avatar,
      avatar_url_100: avatar,
      avatar_large_url: avatar,
      display_name: TIKTOK_DEMO_CREATOR.displayName,
      bio_description: 'Short videos about small kitchens. Postloom sandbox demo creator.',
      profile_deep_link: ctx.publicUrl('www.tiktok.com', `@${TIKTOK_DEMO_CREATOR.username}`),
      is_verified: false,
      username: TIKTOK_DEMO_CREATOR.username,
      follower_count: 3210,
      following_count: 180,
      likes_count: 48_200,
      video_count: 64,
    };
    const user: Record<string, unknown> = {};
    for (const field of fields) if (field in all) user[field] = all[field];
    return ok(c, ctx, { user });
  });

  app.post('/open.tiktokapis.com/v2/post/publish/creator_info/query/', (c) => {
    const token = authenticate(c, ctx, 'video.publish');
    if (token instanceof Response) return token;
    const rate = limited(c, ctx, token, 'creator_info', CREATOR_INFO_PER_MINUTE);
    if (rate) return rate;
    return ok(c, ctx, {
      creator_avatar_url: ctx.avatarUrl(c, 'tiktok'),
      creator_username: TIKTOK_DEMO_CREATOR.username,
      creator_nickname: TIKTOK_DEMO_CREATOR.displayName,
      privacy_level_options: PRIVACY_LEVELS,
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
      max_video_post_duration_sec: 600,
    });
  });

  const videoInit = (mode: 'direct' | 'inbox') => async (c: SandboxContextC) => {
    const token = authenticate(c, ctx, mode === 'direct' ? 'video.publish' : 'video.upload');
    if (token instanceof Response) return token;
    const rate = limited(c, ctx, token, 'init', INIT_PER_MINUTE);
    if (rate) return rate;
    const body = await ctx.readJson<{
      post_info?: Record<string, unknown>;
      source_info?: Record<string, unknown>;
    }>(c);
    const source = body?.source_info;
    if (!body || !source) return fail(c, ctx, 400, 'invalid_params', 'source_info is required.');
    let title = typeof body.post_info?.title === 'string' ? body.post_info.title : '';
    if (mode === 'direct') {
      const info = readPostInfo(c, ctx, body.post_info, 2200);
      if (info instanceof Response) return info;
      title = info.title;
    }
    const id = ctx.numericId();
    const job: PublishJob = {
      publishId: '',
      accountId: token.accountId,
      kind: 'video',
      mode,
      title,
      source: 'FILE_UPLOAD',
      videoSize: 0,
      chunkSize: 0,
      chunkCount: 0,
      nextOffset: 0,
      urls: [],
      downloadedBytes: 0,
      receivedAt: null,
    };
    if (source.source === 'FILE_UPLOAD') {
      const size = Number(source.video_size);
      const chunk = Number(source.chunk_size);
      const count = Number(source.total_chunk_count);
      const error = chunkRuleError(size, chunk, count);
      if (error) return fail(c, ctx, 400, 'invalid_params', error);
      Object.assign(job, {
        publishId: `${mode === 'inbox' ? 'v_inbox_file' : 'v_pub_file'}~v2-1.${id}`,
        videoSize: size,
        chunkSize: chunk,
        chunkCount: count,
        uploadId: id,
        uploadToken: ctx.randomToken(24),
      });
      store(ctx).jobs.set(job.publishId, job);
      store(ctx).uploads.set(id, job);
      const uploadUrl = ctx.publicUrl(
        'open-upload.tiktokapis.com',
        `video/?upload_id=${id}&upload_token=${job.uploadToken}`,
      );
      return ok(c, ctx, { publish_id: job.publishId, upload_url: uploadUrl });
    }
    if (source.source === 'PULL_FROM_URL') {
      if (typeof source.video_url !== 'string' || !/^https?:\/\//.test(source.video_url)) {
        return fail(c, ctx, 400, 'invalid_params', 'video_url must be an http(s) URL.');
      }
      Object.assign(job, {
        publishId: `${mode === 'inbox' ? 'v_inbox_url' : 'v_pub_url'}~v2-1.${id}`,
        source: 'PULL_FROM_URL',
        urls: [source.video_url],
      });
      store(ctx).jobs.set(job.publishId, job);
      void pull(ctx, job);
      return ok(c, ctx, { publish_id: job.publishId });
    }
    return fail(c, ctx, 400, 'invalid_params', 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL.');
  };
  app.post('/open.tiktokapis.com/v2/post/publish/video/init/', videoInit('direct'));
  app.post('/open.tiktokapis.com/v2/post/publish/inbox/video/init/', videoInit('inbox'));

  app.post('/open.tiktokapis.com/v2/post/publish/content/init/', async (c) => {
    const body = await ctx.readJson<{
      media_type?: string;
      post_mode?: string;
      post_info?: Record<string, unknown>;
      source_info?: Record<string, unknown>;
    }>(c);
    const mode = body?.post_mode === 'MEDIA_UPLOAD' ? 'inbox' : 'direct';
    const token = authenticate(c, ctx, mode === 'direct' ? 'video.publish' : 'video.upload');
    if (token instanceof Response) return token;
    const rate = limited(c, ctx, token, 'init', INIT_PER_MINUTE);
    if (rate) return rate;
    if (body?.media_type !== 'PHOTO') return fail(c, ctx, 400, 'invalid_params', 'media_type must be PHOTO.');
    if (body.post_mode !== 'DIRECT_POST' && body.post_mode !== 'MEDIA_UPLOAD') {
      return fail(c, ctx, 400, 'invalid_params', 'post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
    }
    const source = body.source_info;
    if (source?.source !== 'PULL_FROM_URL') {
      return fail(c, ctx, 400, 'invalid_params', 'Photo posts only support source PULL_FROM_URL.');
    }
    const images = source.photo_images;
    if (
      !Array.isArray(images) ||
      images.length < 1 ||
      images.length > 35 ||
      images.some((u) => typeof u !== 'string')
    ) {
      return fail(c, ctx, 400, 'invalid_params', 'photo_images must list 1 to 35 image URLs.');
    }
    const cover = Number(source.photo_cover_index ?? 0);
    if (!Number.isInteger(cover) || cover < 0 || cover >= images.length) {
      return fail(c, ctx, 400, 'invalid_params', 'photo_cover_index is out of range.');
    }
    let title = typeof body.post_info?.title === 'string' ? body.post_info.title : '';
    if (mode === 'direct') {
      const info = readPostInfo(c, ctx, body.post_info, 90);
      if (info instanceof Response) return info;
      title = info.title;
    }
    const description = typeof body.post_info?.description === 'string' ? body.post_info.description : '';
    if ([...description].length > 4000)
      return fail(c, ctx, 400, 'invalid_params', 'description must be at most 4000 characters.');
    const job: PublishJob = {
      publishId: `p_pub_url~v2.${ctx.numericId()}`,
      accountId: token.accountId,
      kind: 'photo',
      mode,
      title: [title, description].filter(Boolean).join('\n\n'),
      source: 'PULL_FROM_URL',
      videoSize: 0,
      chunkSize: 0,
      chunkCount: 0,
      nextOffset: 0,
      urls: images as string[],
      downloadedBytes: 0,
      receivedAt: null,
    };
    store(ctx).jobs.set(job.publishId, job);
    void pull(ctx, job);
    return ok(c, ctx, { publish_id: job.publishId });
  });

  app.post('/open.tiktokapis.com/v2/post/publish/status/fetch/', async (c) => {
    const token = authenticate(c, ctx, 'video.publish');
    const uploadToken = token instanceof Response ? authenticate(c, ctx, 'video.upload') : token;
    if (uploadToken instanceof Response) return uploadToken;
    const rate = limited(c, ctx, uploadToken, 'status', STATUS_PER_MINUTE);
    if (rate) return rate;
    const body = await ctx.readJson<{ publish_id?: string }>(c);
    const job = store(ctx).jobs.get(body?.publish_id ?? '');
    if (!job || job.accountId !== uploadToken.accountId) {
      return fail(c, ctx, 400, 'invalid_params', 'publish_id is invalid.');
    }
    return ok(c, ctx, {
      ...jobStatus(ctx, job),
      uploaded_bytes: job.source === 'FILE_UPLOAD' ? job.nextOffset : 0,
      downloaded_bytes: job.downloadedBytes,
    });
  });

  app.post('/open.tiktokapis.com/v2/video/query/', async (c) => {
    const token = authenticate(c, ctx, 'video.list');
    if (token instanceof Response) return token;
    const body = await ctx.readJson<{ filters?: { video_ids?: unknown } }>(c);
    const ids = Array.isArray(body?.filters?.video_ids)
      ? (body.filters.video_ids as unknown[]).map(String)
      : [];
    if (!ids.length || ids.length > 20)
      return fail(c, ctx, 400, 'invalid_params', 'filters.video_ids must list 1 to 20 ids.');
    const now = ctx.now();
    const videos = ids
      .map((id) => ctx.findPost('tiktok', id))
      .filter((p) => p && p.accountId === token.accountId)
      .map((p) => ({
        id: p!.id,
        title: p!.text,
        create_time: Math.floor(Date.parse(p!.createdAt) / 1000),
        share_url: p!.permalink,
        view_count: demoMetric(`${p!.id}:views`, p!.createdAt, now, 900),
        like_count: demoMetric(`${p!.id}:likes`, p!.createdAt, now, 60),
        comment_count: demoMetric(`${p!.id}:comments`, p!.createdAt, now, 6),
        share_count: demoMetric(`${p!.id}:shares`, p!.createdAt, now, 4),
      }));
    return ok(c, ctx, { videos, cursor: 0, has_more: false });
  });

  const upload = async (c: SandboxContextC) => {
    const job = store(ctx).uploads.get(c.req.query('upload_id') ?? '');
    if (!job || c.req.query('upload_token') !== job.uploadToken) {
      return fail(c, ctx, 404, 'invalid_file_upload', 'The upload URL is invalid or has expired.');
    }
    if (job.receivedAt !== null)
      return fail(c, ctx, 400, 'invalid_file_upload', 'The upload is already complete.');
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(c.req.header('content-range') ?? '');
    if (!range)
      return fail(
        c,
        ctx,
        400,
        'invalid_file_upload',
        'Content-Range must be "bytes {first}-{last}/{total}".',
      );
    const [first, last, total] = [Number(range[1]), Number(range[2]), Number(range[3])];
    if (total !== job.videoSize)
      return fail(c, ctx, 400, 'invalid_file_upload', 'The total size does not match video_size.');
    // Chunks are sent in order; each one starts where the previous one ended.
    if (first !== job.nextOffset) {
      return fail(
        c,
        ctx,
        416,
        'invalid_file_upload',
        `Expected the chunk starting at byte ${job.nextOffset}.`,
      );
    }
    const index = Math.floor(first / job.chunkSize);
    const expectedLast = index >= job.chunkCount - 1 ? job.videoSize - 1 : first + job.chunkSize - 1;
    if (last !== expectedLast) {
      return fail(c, ctx, 416, 'invalid_file_upload', `Chunk ${index} must end at byte ${expectedLast}.`);
    }
    const bytes = (await c.req.arrayBuffer()).byteLength;
    if (bytes !== last - first + 1) {
      return fail(c, ctx, 400, 'invalid_file_upload', 'The body length does not match Content-Range.');
    }
    job.nextOffset = last + 1;
    if (job.nextOffset < job.videoSize) return c.body(null, 206);
    completeJob(ctx, job);
    return c.body(null, 201);
  };
  app.put('/open-upload.tiktokapis.com/video/', upload);
  app.put('/open-upload.tiktokapis.com/video', upload);

  app.get('/www.tiktok.com/:user/video/:id', (c) =>
    ctx.renderPostPage(c, ctx.findPost('tiktok', c.req.param('id'))),
  );
}

export const tiktokModule: SandboxPlatformModule = {
  platform: 'tiktok',
  hosts: ['www.tiktok.com', 'open.tiktokapis.com', 'open-upload.tiktokapis.com'],
  register(app, ctx) {
    registerTiktokAuth(app, ctx);
    registerTiktokApi(app, ctx);
  },
};
