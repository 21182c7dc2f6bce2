import type { SandboxContext, SandboxContextC } from '../sandbox-types.js';
import type { FbObject, FbVideo } from './facebook-store.js';
import { fetchMedia, isVideoFormat, sniffFormat } from './meta-media.js';

const MAX_VIDEO_BYTES = 1024 * 1024 * 1024;

/** `GET /{video-id}?fields=status`: processing turns ready a while after the upload (virtual clock). */
export function videoStatus(video: FbVideo, ctx: SandboxContext) {
  const processingMs = ctx.state.settings.containerDelayMs * 2;
  const uploaded = video.phase === 'uploaded';
  const ready = uploaded && ctx.now() >= (video.uploadedAt ?? 0) + processingMs;
  const published = video.state === 'PUBLISHED';
  return {
    video_status: !uploaded ? 'upload_not_started' : ready ? 'ready' : 'processing',
    uploading_phase: { status: uploaded ? 'complete' : 'not_started', bytes_transferred: video.bytes },
    processing_phase: { status: !uploaded ? 'not_started' : ready ? 'complete' : 'in_progress', errors: [] },
    publishing_phase: {
      status: published && ready ? 'complete' : video.state ? 'in_progress' : 'not_started',
      publish_status: published ? 'published' : 'not_published',
      errors: [],
    },
  };
}

function uploadFailure(c: SandboxContextC, message: string, status: 400 | 401 | 404 = 400): Response {
  return c.json({ debug_info: { retriable: false, type: 'ProcessingFailedError', message } }, status);
}

/**
 * `POST rupload.facebook.com/video-upload/v{n}/{video-id}` with `Authorization: OAuth <page token>`
 * and either `offset` + `file_size` headers with the bytes, or a `file_url` header.
 */
export async function handleRupload(c: SandboxContextC, ctx: SandboxContext, object: FbObject | undefined) {
  const header = c.req.header('authorization') ?? '';
  const token = /^(?:OAuth|Bearer)\s+(.+)$/i.exec(header.trim())?.[1];
  const auth = ctx.checkAccessToken('facebook', token);
  if (!auth.ok)
    return uploadFailure(c, 'Invalid OAuth access token: send Authorization: OAuth <page token>.', 401);
  if (!object?.video) return uploadFailure(c, 'Unknown video id: start an upload session first.', 404);
  if (auth.token.extra.kind !== 'page' || auth.token.accountId !== object.pageId) {
    return uploadFailure(c, 'The token does not belong to the Page of this video.', 401);
  }
  if (object.video.phase === 'uploaded') return uploadFailure(c, 'This video has already been uploaded.');
  const fileUrl = c.req.header('file_url');
  let bytes: number;
  if (fileUrl) {
    const fetched = await fetchMedia(fileUrl, MAX_VIDEO_BYTES);
    if (!fetched.ok) return uploadFailure(c, fetched.message);
    if (!isVideoFormat(fetched.format))
      return uploadFailure(c, 'The file is not a supported video (MP4 or MOV).');
    bytes = fetched.bytes;
    object.video.sourceUrl = fileUrl;
  } else {
    const offset = Number(c.req.header('offset') ?? '0');
    const declared = Number(c.req.header('file_size'));
    const data = new Uint8Array(await c.req.arrayBuffer());
    if (offset !== 0) return uploadFailure(c, 'Only offset 0 is supported: send the whole file at once.');
    if (!Number.isFinite(declared) || declared <= 0)
      return uploadFailure(c, 'The file_size header is required.');
    if (data.byteLength !== declared) {
      return uploadFailure(c, `Received ${data.byteLength} bytes but file_size says ${declared}.`);
    }
    if (!isVideoFormat(sniffFormat(data.subarray(0, 16)))) {
      return uploadFailure(c, 'The file is not a supported video (MP4 or MOV).');
    }
    bytes = data.byteLength;
  }
  object.video.phase = 'uploaded';
  object.video.uploadedAt = ctx.now();
  object.video.bytes = bytes;
  return c.json({ success: true });
}
