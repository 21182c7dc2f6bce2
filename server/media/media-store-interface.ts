import type { Readable } from 'node:stream';

/**
 * Where media bytes live, by storage path (`media/<userId>/<id>-<name>`, the row's
 * `storagePath`): a directory under DATA_DIR (default: one machine, or a mount every process
 * shares), or S3-compatible object storage (S3_BUCKET) that every process reaches. Uploads are
 * first written to the user's directory under DATA_DIR, checked there, then `save`d.
 */
export interface MediaStore {
  /** Makes the checked local file `file` the stored bytes of `storagePath` (the local file is gone after). */
  save(storagePath: string, file: string, contentType: string): Promise<void>;
  /** The stored size in bytes, or null when nothing is stored there. */
  size(storagePath: string): Promise<number | null>;
  /** The bytes from `start` to `end` (inclusive), or all of them. */
  read(storagePath: string, range?: { start: number; end: number }): Promise<Readable>;
  remove(storagePath: string): Promise<void>;
  /** Every file of a user (account deletion). */
  removeUser(userId: string): Promise<void>;
  /** A local file with the bytes, for tools that need a path (sharp, chunked platform uploads). */
  localFile(storagePath: string): Promise<string>;
}
