import { sanitizeFileName } from '../../shared/media/file-name.js';
import { acceptedMimeTypes, mediaKindOf, validateMediaFile } from '../../shared/media/media-rules.js';
import { PLATFORM_IDS, type PlatformId } from '../../shared/platforms/ids.js';
import type { MediaKind } from '../../shared/platforms/platform-info.js';
import { GB, getPlatform } from '../../shared/platforms/registry.js';

/** The largest cap of any platform (Facebook and Instagram videos): the limit when no platform is named. */
export const MAX_UPLOAD_BYTES = 4 * GB;

export interface MediaCheckContext {
  platform: PlatformId | null;
  postType: string | null;
  pasted: boolean;
}

// Every concrete type some platform accepts: what an upload without a platform may be.
const ANY_ACCEPTED = new Set(
  PLATFORM_IDS.flatMap((platform) =>
    getPlatform(platform).postTypes.flatMap((type) => acceptedMimeTypes(platform, type.id)),
  ).filter((mime) => !mime.endsWith('/*')),
);

function unsupportedFileMessage(name: string): string {
  return `File "${name}" is not a supported format.`;
}

export function sizeLimitMessage(_context: MediaCheckContext, name: string): string {
  return `File "${name}" exceeds the 4GB limit.`;
}

/**
 * The upload's file against the shared platform rules (spec 02 section 5) when the platform is
 * known; otherwise any type some platform accepts, up to the largest cap. `mimeType` is the
 * sniffed type ('' when the content matched no known format).
 */
export function checkMediaFile(
  context: MediaCheckContext,
  file: { name: string; mimeType: string; size: number },
): string | null {
  const mimeType = file.mimeType || 'application/octet-stream';
  if (context.platform) {
    return validateMediaFile(
      context.platform,
      context.postType,
      { name: file.name, mimeType, sizeBytes: file.size, kind: mediaKindOf(mimeType) },
      { pasted: context.pasted },
    );
  }
  if (!ANY_ACCEPTED.has(mimeType)) return unsupportedFileMessage(file.name);
  if (context.pasted && mediaKindOf(mimeType) !== 'image') return unsupportedFileMessage(file.name);
  return file.size > MAX_UPLOAD_BYTES ? sizeLimitMessage(context, file.name) : null;
}

export function mediaKind(mimeType: string): MediaKind {
  return mediaKindOf(mimeType);
}

export function safeFileName(name: string): string {
  return sanitizeFileName(name).slice(-150);
}
