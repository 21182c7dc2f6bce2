import path from 'node:path';
import type { PlatformId } from '../../shared/platforms/ids.js';
import { parseJsonColumn, parseJsonObject } from '../db/json-column.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { createPublicMediaUrl } from '../media/public-media-url.js';
import { PlatformError } from '../platforms/platform-error.js';
import { createJpegPublicUrl } from './jpeg-copy.js';
import type { PublishInput, PublishMedia } from './platform-adapter.js';

export async function loadPublishInput(
  deps: AppDeps,
  post: ScheduledPostRow,
  platform: PlatformId,
): Promise<PublishInput> {
  const tweets = parseJsonColumn<Array<{ content: string; media: string[] }> | null>(post.tweets, null);
  const postMedia = parseJsonColumn<string[]>(post.media, []);
  const mediaIds = [...postMedia, ...(tweets ?? []).flatMap((t) => t.media ?? [])];
  const rows = mediaIds.length
    ? await deps.db
        .selectFrom('media')
        .selectAll()
        .where('userId', '=', post.userId)
        .where('id', 'in', mediaIds)
        .execute()
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const toMedia = (id: string): PublishMedia => {
    const row = byId.get(id);
    if (!row) throw new PlatformError('permanent', 'Unable to load media. Please try again later.');
    return {
      id: row.id,
      fileName: row.fileName,
      mimeType: row.mimeType,
      kind: row.kind,
      sizeBytes: row.sizeBytes,
      path: path.isAbsolute(row.storagePath)
        ? row.storagePath
        : path.join(deps.config.dataDir, row.storagePath),
      publicUrl: async () => createPublicMediaUrl(deps, row.id),
      publicJpegUrl: async () => createJpegPublicUrl(deps, row),
    };
  };
  return {
    postId: post.id,
    userId: post.userId,
    platform,
    postType: post.postType,
    content: post.content,
    media: postMedia.map(toMedia),
    parts:
      tweets && tweets.length > 0
        ? tweets.map((t) => ({ content: t.content, media: (t.media ?? []).map(toMedia) }))
        : null,
    metadata: parseJsonObject(post.metadata),
  };
}
