import fs from 'node:fs';
import { AppError } from '../core/errors.js';
import type { MediaRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { findMediaForUser } from './media.repository.js';
import { mediaStore } from './media-store.js';

interface MediaFile {
  media: MediaRow;
  /** A local file (the stored one, or a copy of the object in S3 mode), for adapters that stream or upload in chunks. */
  path: string;
  size: number;
  /** The whole file; adapters that upload in chunks should read `path` instead. */
  read: () => Promise<Buffer>;
  stream: (options?: { start?: number; end?: number }) => fs.ReadStream;
}

/** A user's stored media file for the publishing adapters; 404 for a foreign, unknown or missing file. */
export async function readMediaFile(deps: AppDeps, userId: string, mediaId: string): Promise<MediaFile> {
  const media = await findMediaForUser(deps.db, userId, mediaId);
  if (!media) throw new AppError('not_found', 'Media not found');
  const store = mediaStore(deps.config);
  const size = await store.size(media.storagePath);
  if (size === null) throw new AppError('not_found', 'Media not found');
  const file = await store.localFile(media.storagePath);
  return {
    media,
    path: file,
    size,
    read: () => fs.promises.readFile(file),
    stream: (options) => fs.createReadStream(file, options),
  };
}
