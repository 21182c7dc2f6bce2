import type { MediaDto } from '../../shared/posts/api.js';
import type { MediaRow } from '../db/schema.js';

export function toMediaDto(row: MediaRow): MediaDto {
  return {
    id: row.id,
    fileName: row.fileName,
    originalName: row.originalName,
    mimeType: row.mimeType,
    kind: row.kind,
    sizeBytes: row.sizeBytes,
    url: `/api/media/${row.id}`,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
