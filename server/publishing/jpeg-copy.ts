import fs from 'node:fs';
import type { OutputInfo } from 'sharp';
import { newId } from '../core/ids.js';
import type { MediaTable } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { absoluteStoragePath, mediaDirectory, relativeStoragePath } from '../media/media-storage.js';
import { mediaStore } from '../media/media-store.js';
import { createPublicMediaUrl } from '../media/public-media-url.js';
import { storeMedia } from '../media/store-media.js';
import { PlatformError } from '../platforms/platform-error.js';

/**
 * Instagram publishes JPEG images only and fetches them by URL (platform-apis.md 3.3): a JPEG stays
 * as it is; any other image gets a JPEG copy stored as the user's media, and the signed address of
 * that copy is what the platform downloads.
 */
export async function createJpegPublicUrl(deps: AppDeps, row: MediaTable): Promise<string> {
  if (row.mimeType === 'image/jpeg') return createPublicMediaUrl(deps, row.id);
  const id = newId();
  const fileName = `${row.fileName.replace(/\.[^.]+$/, '') || 'image'}.jpg`;
  const storagePath = relativeStoragePath(row.userId, id, fileName);
  await fs.promises.mkdir(mediaDirectory(deps.config, row.userId), { recursive: true });
  const target = absoluteStoragePath(deps.config, storagePath);
  let info: OutputInfo;
  try {
    // Transparent areas become white, as Instagram's own app does.
    const source = await mediaStore(deps.config).localFile(row.storagePath);
    // Loaded here: libvips holds tens of MB, and only Instagram posts of other images need it.
    const { default: sharp } = await import('sharp');
    info = await sharp(source, { animated: false })
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 92, mozjpeg: true })
      .toFile(target);
  } catch (error) {
    await fs.promises.rm(target, { force: true });
    // The same file fails the same way on every attempt: not worth a retry.
    throw new PlatformError('permanent', `Could not convert "${row.originalName}" to JPEG.`, {
      cause: error,
    });
  }
  await storeMedia(
    deps,
    {
      id,
      userId: row.userId,
      fileName,
      originalName: fileName,
      mimeType: 'image/jpeg',
      kind: 'image',
      sizeBytes: info.size,
      storagePath,
      createdAt: Date.now(),
    },
    target,
  );
  return createPublicMediaUrl(deps, id);
}
