import { POST_MESSAGES } from '../../shared/posts/api.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import {
  countPostsUsingMedia,
  deleteMediaRow,
  deleteMediaRowIfUnused,
  findMediaForUser,
  listUnusedMediaBefore,
} from './media.repository.js';
import { mediaStore } from './media-store.js';

/** Deletes an unattached media file of the user (a file in a post goes with the post). */
export async function deleteMedia(
  deps: AppDeps,
  userId: string,
  mediaId: string,
): Promise<{ message: string }> {
  const media = await findMediaForUser(deps.db, userId, mediaId);
  if (!media) throw new AppError('not_found', POST_MESSAGES.mediaNotFound);
  if ((await countPostsUsingMedia(deps.db, mediaId)) > 0) {
    throw new AppError('conflict', POST_MESSAGES.mediaInUse);
  }
  await deleteMediaRow(deps.db, mediaId);
  await mediaStore(deps.config).remove(media.storagePath);
  return { message: POST_MESSAGES.mediaDeleted };
}

/** Removes media rows and files that no post uses any more (after a post is deleted or edited). */
export async function deleteOrphanMedia(
  deps: AppDeps,
  userId: string,
  mediaIds: readonly string[],
): Promise<void> {
  for (const mediaId of new Set(mediaIds)) {
    const media = await findMediaForUser(deps.db, userId, mediaId);
    if (!media || (await countPostsUsingMedia(deps.db, mediaId)) > 0) continue;
    await deleteMediaRow(deps.db, mediaId);
    await mediaStore(deps.config)
      .remove(media.storagePath)
      .catch((error) => deps.logger.warn('could not remove a media file', { mediaId, error }));
  }
}

/**
 * A file uploaded in the composer but never saved with a post or queue item, and the JPEG copies
 * made for Instagram, are kept a day (a composer left open overnight still finds its files), then
 * removed with their rows. There is no media library: nothing else can use such a file.
 */
const UNUSED_MEDIA_KEEP_MS = 24 * 60 * 60_000;
const PRUNE_BATCH = 500;

export async function pruneUnusedMedia(
  deps: Pick<AppDeps, 'db' | 'config' | 'logger'>,
  now = Date.now(),
): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await listUnusedMediaBefore(deps.db, now - UNUSED_MEDIA_KEEP_MS, PRUNE_BATCH);
    for (const media of rows) {
      if (!(await deleteMediaRowIfUnused(deps.db, media.id))) continue;
      removed += 1;
      await mediaStore(deps.config)
        .remove(media.storagePath)
        .catch((error) => deps.logger.warn('could not remove a media file', { mediaId: media.id, error }));
    }
    if (rows.length < PRUNE_BATCH) return removed;
  }
}
