import type { Insertable } from 'kysely';
import type { MediaTable } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { insertMedia } from './media.repository.js';
import { mediaStore } from './media-store.js';

/**
 * Stores a checked local file as the row's bytes, then writes the row: a row never points at bytes
 * that are not stored, and bytes whose row could not be written are removed again.
 */
export async function storeMedia(
  deps: Pick<AppDeps, 'db' | 'config'>,
  row: Insertable<MediaTable>,
  localFile: string,
): Promise<void> {
  const store = mediaStore(deps.config);
  await store.save(row.storagePath, localFile, row.mimeType);
  try {
    await insertMedia(deps.db, row);
  } catch (error) {
    await store.remove(row.storagePath).catch(() => undefined);
    throw error;
  }
}
