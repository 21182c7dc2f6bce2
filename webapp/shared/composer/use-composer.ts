import { useCallback, useRef, useState } from 'react';
import { mediaKindOf, validateMediaFile, validateMediaSet } from '../../../shared/media/media-rules';
import { postTypeForFiles } from '../../../shared/media/post-type-for-files';
import type { PlatformId } from '../../../shared/platforms/ids';
import { getPlatform } from '../../../shared/platforms/registry';
import type { PostDto } from '../../../shared/posts/api';
import { useMediaUpload } from '../media/use-media-upload';
import {
  type ComposerItem,
  type ComposerMedia,
  type ComposerState,
  defaultMetadata,
  effectivePostType,
  emptyItem,
  initialState,
  newKey,
  stateFromPost,
} from './composer-state';

function mediaInfo(m: { name: string; mimeType: string; sizeBytes: number }) {
  return { name: m.name, mimeType: m.mimeType, sizeBytes: m.sizeBytes, kind: mediaKindOf(m.mimeType) };
}

/** The composer's state and every edit the editors make (uploads included). */
export function useComposer() {
  const [state, setState] = useState<ComposerState>(() => initialState());
  const [fileErrors, setFileErrors] = useState<Record<string, string[]>>({});
  /** A line about something the composer did for the user (TikTok's automatic post type). */
  const [notice, setNotice] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const upload = useMediaUpload();

  const updateItem = useCallback((key: string, change: (item: ComposerItem) => ComposerItem) => {
    setState((s) => ({ ...s, items: s.items.map((item) => (item.key === key ? change(item) : item)) }));
  }, []);

  const updateMedia = useCallback((mediaKey: string, change: (m: ComposerMedia) => ComposerMedia | null) => {
    setState((s) => ({
      ...s,
      items: s.items.map((item) => ({
        ...item,
        media: item.media.flatMap((m) => {
          if (m.key !== mediaKey) return [m];
          const next = change(m);
          return next ? [next] : [];
        }),
      })),
    }));
  }, []);

  const actions = {
    reset(next: ComposerState = initialState()) {
      setState(next);
      setFileErrors({});
      setNotice(null);
    },
    load(post: PostDto) {
      setState(stateFromPost(post));
      setFileErrors({});
      setNotice(null);
    },
    setPlatform(platform: PlatformId, accountId: string | null) {
      setState((s) => {
        if (s.platform === platform) return { ...s, accountId: s.accountId ?? accountId };
        const postType = getPlatform(platform).defaultPostType;
        // Files were checked against the previous platform's rules: start the media over.
        return {
          ...s,
          platform,
          accountId,
          postType,
          items: [{ ...(s.items[0] ?? emptyItem()), media: [] }],
          metadata: defaultMetadata(platform, postType),
        };
      });
      setFileErrors({});
      setNotice(null);
    },
    setAccount(accountId: string) {
      setState((s) => ({ ...s, accountId }));
    },
    setPostType(postType: string) {
      setState((s) => withPostType(s, postType));
      setFileErrors({});
      setNotice(null);
    },
    setContent(key: string, content: string) {
      updateItem(key, (item) => ({ ...item, content }));
    },
    setMetadata(patch: Record<string, unknown>) {
      setState((s) => ({ ...s, metadata: { ...s.metadata, ...patch } }));
    },
    setScheduledAt(scheduledAt: string | null) {
      setState((s) => ({ ...s, scheduledAt }));
    },
    /** Returns the new item's key so the editor can switch to its tab. */
    addItem(): string {
      const item = emptyItem();
      setState((s) => ({ ...s, items: [...s.items, item] }));
      return item.key;
    },
    removeItem(key: string) {
      setState((s) => ({
        ...s,
        items: s.items.length > 1 ? s.items.filter((item) => item.key !== key) : s.items,
      }));
    },
    moveItem(from: number, to: number) {
      setState((s) => {
        const items = [...s.items];
        const [moved] = items.splice(from, 1);
        if (!moved) return s;
        items.splice(to, 0, moved);
        return { ...s, items };
      });
    },
    removeMedia(mediaKey: string) {
      updateMedia(mediaKey, () => null);
    },
    /** Checks every file with the shared rules, then uploads the ones that pass (the server checks again). */
    addFiles(itemKey: string, files: File[], pasted = false) {
      const s = stateRef.current;
      if (!s.platform) return;
      const platform = s.platform;
      let postType = effectivePostType(s);
      const item = s.items.find((i) => i.key === itemKey);
      if (!item) return;
      const typeSwitch = postTypeForFiles(
        platform,
        postType,
        s.items.flatMap((i) => i.media.map((m) => m.kind)),
        files.map((file) => mediaKindOf(file.type)),
      );
      if (typeSwitch) {
        postType = typeSwitch.postType;
        setState((current) => withPostType(current, typeSwitch.postType));
        setNotice(typeSwitch.notice);
      }
      const errors: string[] = [];
      const accepted: ComposerMedia[] = [];
      const acceptedFiles: File[] = [];
      for (const file of files) {
        const info = mediaInfo({
          name: file.name || 'pasted-image.png',
          mimeType: file.type,
          sizeBytes: file.size,
        });
        const problem =
          validateMediaFile(platform, postType, info, { pasted }) ??
          validateMediaSet(
            platform,
            postType,
            [...item.media.map(mediaInfo), ...accepted.map(mediaInfo), info],
            'compose',
          );
        if (problem) {
          errors.push(problem);
          continue;
        }
        accepted.push({
          key: newKey('media'),
          name: info.name,
          mimeType: file.type,
          kind: info.kind,
          sizeBytes: file.size,
          previewUrl: URL.createObjectURL(file),
          progress: 0,
          media: null,
        });
        acceptedFiles.push(file);
      }
      setFileErrors((current) => ({ ...current, [itemKey]: errors }));
      if (accepted.length === 0) return;
      updateItem(itemKey, (i) => ({ ...i, media: [...i.media, ...accepted] }));
      accepted.forEach((entry, index) => {
        const file = acceptedFiles[index];
        if (!file) return;
        upload(
          file,
          { platform, postType, pasted },
          {
            onProgress: (progress) =>
              updateMedia(entry.key, (m) => ({ ...m, progress: Math.min(progress, 0.99) })),
            onDone: (media) => updateMedia(entry.key, (m) => ({ ...m, media, progress: 1 })),
            onError: (message) => {
              updateMedia(entry.key, () => null);
              setFileErrors((current) => ({ ...current, [itemKey]: [...(current[itemKey] ?? []), message] }));
            },
          },
        );
      });
    },
  };

  return { state, fileErrors, notice, actions };
}

function withPostType(state: ComposerState, postType: string): ComposerState {
  return {
    ...state,
    postType,
    metadata:
      state.platform === 'tiktok'
        ? { ...state.metadata, media_type: postType === 'photo' ? 'photo' : 'video' }
        : state.metadata,
  };
}

export type ComposerActions = ReturnType<typeof useComposer>['actions'];
