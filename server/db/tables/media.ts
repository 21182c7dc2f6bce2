import type { Selectable } from 'kysely';

/** Tables of uploaded media (media); the Database interface in ../schema.ts lists every table. */

export interface MediaTable {
  id: string;
  userId: string;
  fileName: string;
  originalName: string;
  mimeType: string;
  kind: 'image' | 'video' | 'document' | 'audio';
  sizeBytes: number;
  storagePath: string;
  createdAt: number;
}

export type MediaRow = Selectable<MediaTable>;
