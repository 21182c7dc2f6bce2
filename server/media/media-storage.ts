import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

/** Files live under DATA_DIR/media/<userId>/<id>-<sanitized name>; rows store the path relative to DATA_DIR. */
export function mediaDirectory(config: Config, userId: string): string {
  return path.join(config.dataDir, 'media', userId);
}

export function relativeStoragePath(userId: string, mediaId: string, fileName: string): string {
  return path.posix.join('media', userId, `${mediaId}-${fileName}`);
}

/** The absolute path of a stored file; refuses anything that would leave DATA_DIR/media. */
export function absoluteStoragePath(config: Config, storagePath: string): string {
  const root = path.join(config.dataDir, 'media');
  const full = path.resolve(config.dataDir, storagePath);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error('Media path outside the media directory');
  return full;
}

export async function removeStoredFile(config: Config, storagePath: string): Promise<void> {
  await fs.promises.rm(absoluteStoragePath(config, storagePath), { force: true });
}
