import { z } from 'zod';
import { PLATFORM_IDS } from '../../../shared/platforms/ids';
import type { MediaDto } from '../../../shared/posts/api';
import { type ComposerState, mediaFromDto, newKey } from './composer-state';

/**
 * A new post that was neither saved nor discarded, kept in this browser's localStorage per user
 * so that a closed tab or a crash does not lose it. Files are kept as the uploaded media's ids
 * and addresses (the server keeps unattached uploads for a day); a file still uploading is not
 * kept.
 */
const PREFIX = 'postloom:unsent-post:';

/** Not in the spec: files of a restored post that the server no longer keeps. */
export const UNSENT_MEDIA_GONE =
  'Some files of your unsent post are no longer available. Please add them again.';

const StoredMedia = z.object({
  id: z.string().min(1),
  fileName: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  kind: z.enum(['image', 'video', 'document', 'audio']),
  sizeBytes: z.number(),
  url: z.string(),
  createdAt: z.string(),
});

const StoredPost = z.object({
  version: z.literal(1),
  savedAt: z.string(),
  platform: z.enum(PLATFORM_IDS).nullable(),
  accountId: z.string().nullable(),
  postType: z.string(),
  items: z.array(z.object({ content: z.string(), media: z.array(StoredMedia) })).min(1),
  metadata: z.record(z.string(), z.unknown()),
  scheduledAt: z.string().nullable(),
});
type StoredPost = z.infer<typeof StoredPost>;

function keyFor(userId: string): string {
  return `${PREFIX}${userId}`;
}

export interface UnsentPost {
  state: ComposerState;
  savedAt: string;
}

export function saveUnsentPost(userId: string, state: ComposerState, now = new Date()): void {
  const stored: StoredPost = {
    version: 1,
    savedAt: now.toISOString(),
    platform: state.platform,
    accountId: state.accountId,
    postType: state.postType,
    items: state.items.map((item) => ({
      content: item.content,
      media: item.media.flatMap((m) => (m.media ? [m.media] : [])),
    })),
    metadata: state.metadata,
    scheduledAt: state.scheduledAt,
  };
  try {
    localStorage.setItem(keyFor(userId), JSON.stringify(stored));
  } catch {
    // Storage full or disabled (private mode): the composer still works, only without a copy.
  }
}

/** The user's unsent post, or null (nothing kept, or something this version cannot read). */
export function loadUnsentPost(userId: string): UnsentPost | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(keyFor(userId));
  } catch {
    return null;
  }
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = StoredPost.safeParse(parsed);
  if (!result.success) return null;
  const stored = result.data;
  return {
    savedAt: stored.savedAt,
    state: {
      platform: stored.platform,
      accountId: stored.accountId,
      postType: stored.postType,
      items: stored.items.map((item) => ({
        key: newKey('item'),
        content: item.content,
        media: item.media.map((media) => mediaFromDto(media as MediaDto)),
      })),
      metadata: stored.metadata,
      scheduledAt: stored.scheduledAt,
    },
  };
}

export function clearUnsentPost(userId: string): void {
  try {
    localStorage.removeItem(keyFor(userId));
  } catch {
    // Nothing to clear where storage is unavailable.
  }
}

/** The keys of restored files the server no longer has (unattached uploads go after a day). */
export async function findMissingMedia(state: ComposerState): Promise<string[]> {
  const checks = state.items.flatMap((item) =>
    item.media.map(async (m) => {
      if (!m.media) return null;
      try {
        const response = await fetch(m.media.url, { method: 'HEAD', credentials: 'same-origin' });
        return response.status === 404 ? m.key : null;
      } catch {
        // Offline: keep the file; saving will tell if it is gone.
        return null;
      }
    }),
  );
  return (await Promise.all(checks)).filter((key): key is string => key !== null);
}
