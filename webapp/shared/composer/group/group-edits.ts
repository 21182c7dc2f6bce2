import type { ComposerMedia } from '../composer-state';
import type { DraftItem, GroupComposerState, VersionDraft } from './group-state';

/** The edits a version's editor makes to its own posts (the version is customised by then). */

export function setItemContent(draft: VersionDraft, itemKey: string, content: string): VersionDraft {
  return { ...draft, items: draft.items.map((item) => (item.key === itemKey ? { ...item, content } : item)) };
}

export function addItem(draft: VersionDraft, item: DraftItem): VersionDraft {
  return { ...draft, items: [...draft.items, item] };
}

export function removeItem(draft: VersionDraft, itemKey: string): VersionDraft {
  if (draft.items.length <= 1) return draft;
  return { ...draft, items: draft.items.filter((item) => item.key !== itemKey) };
}

export function moveItem(draft: VersionDraft, from: number, to: number): VersionDraft {
  const items = [...draft.items];
  const [moved] = items.splice(from, 1);
  if (!moved) return draft;
  items.splice(to, 0, moved);
  return { ...draft, items };
}

export function addItemMedia(draft: VersionDraft, itemKey: string, keys: readonly string[]): VersionDraft {
  return {
    ...draft,
    items: draft.items.map((item) =>
      item.key === itemKey ? { ...item, media: [...item.media, ...keys] } : item,
    ),
  };
}

export function removeDraftMedia(draft: VersionDraft, mediaKey: string): VersionDraft {
  return {
    ...draft,
    items: draft.items.map((item) => ({ ...item, media: item.media.filter((key) => key !== mediaKey) })),
  };
}

/** A post type of the version; TikTok also records it as its media type. */
export function withPostType(draft: VersionDraft, postType: string): VersionDraft {
  const metadata =
    draft.platform === 'tiktok'
      ? { ...draft.metadata, media_type: postType === 'photo' ? 'photo' : 'video' }
      : draft.metadata;
  return { ...draft, postType, metadata };
}

export function setSharedContent(state: GroupComposerState, content: string): GroupComposerState {
  return { ...state, shared: { ...state.shared, content } };
}

export function setSharedLink(state: GroupComposerState, link: string): GroupComposerState {
  return { ...state, shared: { ...state.shared, link } };
}

export function addSharedMedia(state: GroupComposerState, keys: readonly string[]): GroupComposerState {
  return { ...state, shared: { ...state.shared, media: [...state.shared.media, ...keys] } };
}

export function removeSharedMedia(state: GroupComposerState, mediaKey: string): GroupComposerState {
  return {
    ...state,
    shared: { ...state.shared, media: state.shared.media.filter((key) => key !== mediaKey) },
  };
}

export function putMedia(state: GroupComposerState, entries: readonly ComposerMedia[]): GroupComposerState {
  const media = { ...state.media };
  for (const entry of entries) media[entry.key] = entry;
  return { ...state, media };
}

/** An upload's progress or its stored file. */
export function updateMedia(
  state: GroupComposerState,
  mediaKey: string,
  change: (media: ComposerMedia) => ComposerMedia,
): GroupComposerState {
  const current = state.media[mediaKey];
  if (!current) return state;
  return { ...state, media: { ...state.media, [mediaKey]: change(current) } };
}

/** A failed upload leaves every list it was in. */
export function dropMedia(state: GroupComposerState, mediaKey: string): GroupComposerState {
  const { [mediaKey]: _gone, ...media } = state.media;
  return {
    ...removeSharedMedia(state, mediaKey),
    media,
    versions: state.versions.map((version) =>
      version.items.some((item) => item.media.includes(mediaKey))
        ? removeDraftMedia(version, mediaKey)
        : version,
    ),
  };
}
