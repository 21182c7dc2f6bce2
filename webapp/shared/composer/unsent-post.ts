import { z } from 'zod';
import { PLATFORM_IDS } from '../../../shared/platforms/ids';
import type { MediaDto } from '../../../shared/posts/api';
import { type ComposerMedia, mediaFromDto } from './composer-state';
import {
  firstItemKey,
  type GroupComposerState,
  initialGroupState,
  type VersionDraft,
} from './group/group-state';

/**
 * A new post that was neither saved nor discarded, kept in this browser's localStorage per user
 * so that a closed tab or a crash does not lose it: the chosen accounts, the shared text, media
 * and link, every version and the time. Files are kept as the uploaded media's ids and addresses
 * (the server keeps unattached uploads for a day); a file still uploading is not kept.
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
const Platform = z.enum(PLATFORM_IDS);
const StoredItem = z.object({ content: z.string(), media: z.array(StoredMedia) });

const StoredGroup = z.object({
  version: z.literal(2),
  savedAt: z.string(),
  accounts: z.array(z.object({ id: z.string().min(1), platform: Platform })),
  missingPlatforms: z.array(Platform),
  shared: z.object({ content: z.string(), media: z.array(StoredMedia), link: z.string() }),
  versions: z.array(
    z.object({
      platform: Platform,
      accountId: z.string().optional(),
      customized: z.boolean(),
      postType: z.string().optional(),
      metadata: z.record(z.string(), z.unknown()),
      items: z.array(StoredItem),
    }),
  ),
  scheduledAt: z.string().nullable(),
});
type StoredGroup = z.infer<typeof StoredGroup>;

/** The single-platform copy earlier versions kept: read once, as a composition for its account. */
const StoredSingle = z.object({
  version: z.literal(1),
  savedAt: z.string(),
  platform: Platform.nullable(),
  accountId: z.string().nullable(),
  postType: z.string(),
  items: z.array(StoredItem).min(1),
  metadata: z.record(z.string(), z.unknown()),
  scheduledAt: z.string().nullable(),
});

function keyFor(userId: string): string {
  return `${PREFIX}${userId}`;
}

export interface UnsentPost {
  state: GroupComposerState;
  savedAt: string;
}

export function saveUnsentPost(userId: string, state: GroupComposerState, now = new Date()): void {
  const files = (keys: readonly string[]) =>
    keys.flatMap((key) => {
      const media = state.media[key]?.media;
      return media ? [media] : [];
    });
  const stored: StoredGroup = {
    version: 2,
    savedAt: now.toISOString(),
    accounts: state.accounts,
    missingPlatforms: state.missingPlatforms,
    shared: { content: state.shared.content, media: files(state.shared.media), link: state.shared.link },
    versions: state.versions.map((draft) => ({
      platform: draft.platform,
      ...(draft.accountId ? { accountId: draft.accountId } : {}),
      customized: draft.customized,
      ...(draft.postType ? { postType: draft.postType } : {}),
      metadata: draft.metadata,
      items: draft.items.map((item) => ({ content: item.content, media: files(item.media) })),
    })),
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
  let parsed: unknown;
  try {
    const raw = localStorage.getItem(keyFor(userId));
    if (!raw) return null;
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const group = StoredGroup.safeParse(parsed);
  if (group.success) return { savedAt: group.data.savedAt, state: restore(group.data) };
  const single = StoredSingle.safeParse(parsed);
  if (!single.success) return null;
  const { platform, accountId, postType, items, metadata, scheduledAt, savedAt } = single.data;
  const customized = items.length > 1;
  return {
    savedAt,
    state: restore({
      version: 2,
      savedAt,
      accounts: platform && accountId ? [{ id: accountId, platform }] : [],
      missingPlatforms: platform && !accountId ? [platform] : [],
      shared: { content: items[0]?.content ?? '', media: items[0]?.media ?? [], link: '' },
      versions: platform
        ? [{ platform, customized, postType, metadata, items: customized ? items : [] }]
        : [],
      scheduledAt,
    }),
  };
}

function restore(stored: StoredGroup): GroupComposerState {
  const media: Record<string, ComposerMedia> = {};
  const keysOf = (files: readonly MediaDto[]) =>
    files.map((file) => {
      const entry = mediaFromDto(file);
      media[entry.key] = entry;
      return entry.key;
    });
  const versions = stored.versions.map((draft): VersionDraft => {
    const target = { platform: draft.platform, ...(draft.accountId ? { accountId: draft.accountId } : {}) };
    return {
      ...draft,
      items: draft.items.map((item, index) => ({
        key: index === 0 ? firstItemKey(target) : `${firstItemKey(target)}:${index}`,
        content: item.content,
        media: keysOf(item.media as MediaDto[]),
      })),
    };
  });
  return {
    ...initialGroupState(stored.scheduledAt),
    accounts: stored.accounts,
    missingPlatforms: stored.missingPlatforms,
    shared: {
      content: stored.shared.content,
      media: keysOf(stored.shared.media as MediaDto[]),
      link: stored.shared.link,
    },
    versions,
    media,
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
export async function findMissingMedia(state: GroupComposerState): Promise<string[]> {
  const checks = Object.values(state.media).map(async (m) => {
    if (!m.media) return null;
    try {
      const response = await fetch(m.media.url, { method: 'HEAD', credentials: 'same-origin' });
      return response.status === 404 ? m.key : null;
    } catch {
      // Offline: keep the file; saving will tell if it is gone.
      return null;
    }
  });
  return (await Promise.all(checks)).filter((key): key is string => key !== null);
}
