import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { absoluteStoragePath, mediaDirectory } from './media-storage.js';
import type { MediaStore } from './media-store-interface.js';
import { createS3MediaStore } from './s3-media-store.js';

const stores = new WeakMap<Config, MediaStore>();

export function mediaStore(config: Config): MediaStore {
  let store = stores.get(config);
  if (!store) {
    store = config.S3_BUCKET ? createS3MediaStore(config) : createDirectoryStore(config);
    stores.set(config, store);
  }
  return store;
}

function createDirectoryStore(config: Config): MediaStore {
  const full = (storagePath: string) => absoluteStoragePath(config, storagePath);
  return {
    async save(storagePath, file) {
      if (path.resolve(file) !== full(storagePath)) await fs.promises.rename(file, full(storagePath));
    },
    async size(storagePath) {
      const stat = await fs.promises.stat(full(storagePath)).catch(() => null);
      return stat ? stat.size : null;
    },
    async read(storagePath, range) {
      return fs.createReadStream(full(storagePath), range);
    },
    async remove(storagePath) {
      await fs.promises.rm(full(storagePath), { force: true });
    },
    async removeUser(userId) {
      await fs.promises.rm(mediaDirectory(config, userId), { recursive: true, force: true });
    },
    async localFile(storagePath) {
      return full(storagePath);
    },
  };
}
