import type { MediaInfo } from '../../shared/media/media-rules.js';
import type { MediaDto } from '../../shared/posts/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { deleteOrphanMedia } from '../media/delete-media.js';
import { uploadFromUrl } from '../media/upload-from-url.js';

export interface FetchedMedia {
  byUrl: Map<string, MediaDto>;
  /** The address that could not be fetched and why (the composer's media-from-URL message); null when all were. */
  failure: { url: string; message: string } | null;
}

/**
 * Downloads every media address of the import once, one after another, through the composer's
 * media-from-URL (its SSRF guard, size caps, type sniffing and the user's media quota), telling
 * `onFetched` how many of how many are done. On the
 * first failure the files fetched so far are deleted again and the failure answered: an import
 * is all or nothing, its media included.
 */
export async function fetchImportMedia(
  deps: AppDeps,
  userId: string,
  urls: readonly string[],
  onFetched: (done: number, total: number) => void = () => undefined,
): Promise<FetchedMedia> {
  const byUrl = new Map<string, MediaDto>();
  const unique = [...new Set(urls)];
  if (unique.length > 0) onFetched(0, unique.length);
  for (const url of unique) {
    try {
      byUrl.set(url, await uploadFromUrl(deps, userId, url));
      onFetched(byUrl.size, unique.length);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await discardImportMedia(deps, userId, byUrl);
      return { byUrl: new Map(), failure: { url, message: error.message } };
    }
  }
  return { byUrl, failure: null };
}

/** Fetched files no post uses (a refused or failed import) are removed. */
export async function discardImportMedia(
  deps: AppDeps,
  userId: string,
  byUrl: ReadonlyMap<string, MediaDto>,
): Promise<void> {
  await deleteOrphanMedia(
    deps,
    userId,
    [...byUrl.values()].map((media) => media.id),
  );
}

export function fetchedMediaInfo(media: MediaDto): MediaInfo {
  return { name: media.originalName, mimeType: media.mimeType, sizeBytes: media.sizeBytes, kind: media.kind };
}
