import type { SandboxApp, SandboxContext, SandboxContextC } from '../sandbox-types.js';
import { invalidRequest, problem, requireXToken } from './x-api.js';

interface XMedia {
  id: string;
  mediaKey: string;
  ownerId: string;
  mediaType: string;
  category: string;
  kind: 'image' | 'video' | 'gif';
  totalBytes: number;
  received: Map<number, number>;
  /** Virtual ms of finalize; null while uploading. */
  finalizedAt: number | null;
  altText?: string;
}

const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const CATEGORIES = [
  'tweet_image',
  'tweet_video',
  'tweet_gif',
  'dm_image',
  'dm_video',
  'dm_gif',
  'subtitles',
  'amplify_video',
];

export function xMediaStore(ctx: SandboxContext): Map<string, XMedia> {
  return ctx.store('twitter:media', () => new Map<string, XMedia>());
}

function kindOf(category: string, mediaType: string): XMedia['kind'] {
  if (category.endsWith('_gif') || (mediaType === 'image/gif' && category.endsWith('video'))) return 'gif';
  if (category.endsWith('_video') || mediaType.startsWith('video/')) return 'video';
  return 'image';
}

/** Processing state of a finalized video or GIF: pending -> in_progress -> succeeded over containerDelayMs. */
function processingInfo(ctx: SandboxContext, media: XMedia) {
  if (media.kind === 'image' || media.finalizedAt === null) return undefined;
  const delay = ctx.state.settings.containerDelayMs;
  const elapsed = ctx.now() - media.finalizedAt;
  if (elapsed >= delay) return { state: 'succeeded' as const, progress_percent: 100 };
  const remainingSecs = Math.max(1, Math.ceil((delay - elapsed) / 1000));
  if (elapsed < delay / 3) return { state: 'pending' as const, check_after_secs: remainingSecs };
  return {
    state: 'in_progress' as const,
    check_after_secs: remainingSecs,
    progress_percent: Math.min(99, Math.floor((elapsed / delay) * 100)),
  };
}

export function isMediaReady(ctx: SandboxContext, media: XMedia): boolean {
  if (media.finalizedAt === null) return false;
  const info = processingInfo(ctx, media);
  return !info || info.state === 'succeeded';
}

function mediaData(ctx: SandboxContext, media: XMedia) {
  const info = processingInfo(ctx, media);
  return {
    id: media.id,
    media_key: media.mediaKey,
    size: media.totalBytes,
    expires_after_secs: 86_400,
    ...(info ? { processing_info: info } : {}),
    ...(media.kind === 'image' ? { image: { image_type: media.mediaType, w: 1200, h: 675 } } : {}),
    ...(media.kind !== 'image' && info?.state === 'succeeded'
      ? { video: { video_type: media.mediaType } }
      : {}),
  };
}

function createMedia(
  ctx: SandboxContext,
  ownerId: string,
  mediaType: string,
  category: string,
  totalBytes: number,
): XMedia {
  const id = ctx.numericId();
  const kind = kindOf(category, mediaType);
  const prefix = kind === 'image' ? '3' : kind === 'gif' ? '16' : '13';
  const media: XMedia = {
    id,
    mediaKey: `${prefix}_${id}`,
    ownerId,
    mediaType,
    category,
    kind,
    totalBytes,
    received: new Map(),
    finalizedAt: null,
  };
  xMediaStore(ctx).set(id, media);
  return media;
}

async function fileSize(value: unknown): Promise<number> {
  if (value instanceof Blob) return value.size;
  if (typeof value === 'string') return Buffer.byteLength(value, 'base64');
  return 0;
}

export function registerXMedia(app: SandboxApp, ctx: SandboxContext): void {
  // Simple upload (images, small media): multipart `media` bytes or JSON base64 `media`.
  app.post('/api.x.com/2/media/upload', async (c) => {
    const auth = requireXToken(c, ctx, ['media.write']);
    if (!auth.ok) return auth.response;
    const fields = await readFields(c);
    if (fields.command)
      return invalidRequest(c, 'Use the initialize, append and finalize endpoints for chunked uploads.');
    const category = String(fields.media_category ?? '');
    if (!CATEGORIES.includes(category)) {
      return invalidRequest(c, '`media_category` is required and must be a known category.', {
        media_category: [category],
      });
    }
    const size = await fileSize(fields.media);
    if (!size) return invalidRequest(c, '`media` is required.', { media: [] });
    const mediaType = String(
      fields.media_type ?? (fields.media instanceof Blob ? fields.media.type : '') ?? 'image/jpeg',
    );
    const media = createMedia(ctx, auth.token.accountId, mediaType || 'image/jpeg', category, size);
    if (media.kind === 'image' && size > IMAGE_MAX_BYTES) {
      return invalidRequest(c, 'File size exceeds 5242880 bytes.', { media: [] });
    }
    media.received.set(0, size);
    media.finalizedAt = ctx.now();
    return c.json({ data: mediaData(ctx, media) });
  });

  app.get('/api.x.com/2/media/upload', (c) => {
    const auth = requireXToken(c, ctx, ['media.write']);
    if (!auth.ok) return auth.response;
    if (c.req.query('command') !== 'STATUS') return invalidRequest(c, '`command` must be STATUS.');
    const media = xMediaStore(ctx).get(c.req.query('media_id') ?? '');
    if (!media || media.ownerId !== auth.token.accountId) {
      return problem(
        c,
        404,
        'Not Found Error',
        'Could not find media.',
        'https://api.x.com/2/problems/resource-not-found',
      );
    }
    return c.json({ data: mediaData(ctx, media) });
  });

  app.post('/api.x.com/2/media/upload/initialize', async (c) => {
    const auth = requireXToken(c, ctx, ['media.write']);
    if (!auth.ok) return auth.response;
    const body = (await ctx.readJson<Record<string, unknown>>(c)) ?? {};
    const mediaType = typeof body.media_type === 'string' ? body.media_type : '';
    const totalBytes = typeof body.total_bytes === 'number' ? body.total_bytes : Number.NaN;
    const category = typeof body.media_category === 'string' ? body.media_category : '';
    if (!mediaType) return invalidRequest(c, '`media_type` is required.', { media_type: [] });
    if (!Number.isInteger(totalBytes) || totalBytes <= 0 || totalBytes > 17_179_869_184) {
      return invalidRequest(c, '`total_bytes` must be a positive integer.', {
        total_bytes: [body.total_bytes],
      });
    }
    if (!CATEGORIES.includes(category)) {
      return invalidRequest(c, '`media_category` is required and must be a known category.', {
        media_category: [category],
      });
    }
    const media = createMedia(ctx, auth.token.accountId, mediaType, category, totalBytes);
    if (media.kind === 'image' && totalBytes > IMAGE_MAX_BYTES) {
      xMediaStore(ctx).delete(media.id);
      return invalidRequest(c, 'File size exceeds 5242880 bytes.', { total_bytes: [totalBytes] });
    }
    return c.json({ data: { id: media.id, media_key: media.mediaKey, expires_after_secs: 1_295_999 } });
  });

  app.post('/api.x.com/2/media/upload/:id/append', async (c) => {
    const auth = requireXToken(c, ctx, ['media.write']);
    if (!auth.ok) return auth.response;
    const media = xMediaStore(ctx).get(c.req.param('id'));
    if (!media || media.ownerId !== auth.token.accountId) {
      return problem(
        c,
        404,
        'Not Found Error',
        'Could not find media.',
        'https://api.x.com/2/problems/resource-not-found',
      );
    }
    if (media.finalizedAt !== null) return invalidRequest(c, 'Media upload has already been finalized.');
    const fields = await readFields(c);
    const index = Number(fields.segment_index);
    if (!Number.isInteger(index) || index < 0 || index > 999) {
      return invalidRequest(c, '`segment_index` must be an integer between 0 and 999.', {
        segment_index: [fields.segment_index],
      });
    }
    const size = await fileSize(fields.media);
    if (!size) return invalidRequest(c, '`media` is required.', { media: [] });
    media.received.set(index, size);
    return c.json({ data: { expires_at: Math.floor(ctx.now() / 1000) + 86_400 } });
  });

  app.post('/api.x.com/2/media/upload/:id/finalize', (c) => {
    const auth = requireXToken(c, ctx, ['media.write']);
    if (!auth.ok) return auth.response;
    const media = xMediaStore(ctx).get(c.req.param('id'));
    if (!media || media.ownerId !== auth.token.accountId) {
      return problem(
        c,
        404,
        'Not Found Error',
        'Could not find media.',
        'https://api.x.com/2/problems/resource-not-found',
      );
    }
    let received = 0;
    for (const size of media.received.values()) received += size;
    if (received !== media.totalBytes) {
      return invalidRequest(c, 'Segments do not add up to provided total file size.');
    }
    if (media.finalizedAt === null) media.finalizedAt = ctx.now();
    return c.json({ data: mediaData(ctx, media) });
  });

  app.post('/api.x.com/2/media/metadata', async (c) => {
    const auth = requireXToken(c, ctx, ['media.write']);
    if (!auth.ok) return auth.response;
    const body = (await ctx.readJson<{ id?: string; metadata?: { alt_text?: { text?: string } } }>(c)) ?? {};
    const media = xMediaStore(ctx).get(String(body.id ?? ''));
    if (!media || media.ownerId !== auth.token.accountId) {
      return problem(
        c,
        404,
        'Not Found Error',
        'Could not find media.',
        'https://api.x.com/2/problems/resource-not-found',
      );
    }
    const text = body.metadata?.alt_text?.text;
    if (typeof text !== 'string' || text.length > 1000) {
      return invalidRequest(c, '`metadata.alt_text.text` is required (at most 1000 characters).');
    }
    media.altText = text;
    return c.json({ data: { id: media.id, associated_metadata: { alt_text: { text } } } });
  });
}

async function readFields(c: SandboxContextC): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  try {
    if (type.includes('application/json')) return ((await c.req.json()) as Record<string, unknown>) ?? {};
    if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
      return (await c.req.parseBody()) as Record<string, unknown>;
    }
  } catch {
    // Unreadable bodies read as empty: the endpoint answers with its own invalid-request problem.
  }
  return {};
}
