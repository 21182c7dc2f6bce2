import { type Dispatch, type MutableRefObject, type SetStateAction, useCallback, useState } from 'react';
import {
  type MediaInfo,
  mediaKindOf,
  validateMediaFile,
  validateMediaSet,
} from '../../../../shared/media/media-rules';
import { postTypeForFiles } from '../../../../shared/media/post-type-for-files';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { getPlatform } from '../../../../shared/platforms/registry';
import { useMediaUpload } from '../../media/use-media-upload';
import { type ComposerMedia, newKey } from '../composer-state';
import { addItemMedia, addSharedMedia, dropMedia, putMedia, updateMedia, withPostType } from './group-edits';
import {
  effectiveDraft,
  type GroupComposerState,
  type Target,
  targetId,
  targetOfAccount,
  updateDraft,
  versionOf,
} from './group-state';

/**
 * Where added files go: the shared media (checked against every version that follows them; `only`
 * when one version is chosen) or one version's post (`itemKey`), customising it. `errorKey`: where
 * the refused files are said.
 */
export type FileScope =
  | { kind: 'shared'; errorKey: string; only?: Target }
  | { kind: 'version'; target: Target; itemKey: string; errorKey: string };

interface Judge {
  target: Target;
  platform: PlatformId;
  postType: string;
}

function infoOf(m: { name: string; mimeType: string; sizeBytes: number }): MediaInfo {
  return { name: m.name, mimeType: m.mimeType, sizeBytes: m.sizeBytes, kind: mediaKindOf(m.mimeType) };
}

/** The versions whose rules judge the files, and the files already there. */
function judgesOf(state: GroupComposerState, scope: FileScope): { judges: Judge[]; existing: string[] } {
  const judge = (target: Target): Judge => ({
    target,
    platform: target.platform,
    postType: versionOf(state, target).postType,
  });
  if (scope.kind === 'version') {
    const draft = effectiveDraft(state, scope.target);
    const existing = draft?.customized
      ? (draft.items.find((item) => item.key === scope.itemKey)?.media ?? [])
      : versionOf(state, scope.target).media;
    return { judges: [judge(scope.target)], existing };
  }
  const targets = scope.only
    ? [scope.only]
    : state.accounts.map((account) => targetOfAccount(state, account));
  const unique = new Map(targets.map((target) => [targetId(target), target]));
  const following = [...unique.values()].filter((target) => !effectiveDraft(state, target)?.customized);
  return { judges: following.map(judge), existing: state.shared.media };
}

/** Adding files to a group composition: checks with the shared rules, TikTok's type switch, uploads. */
export function useGroupFiles(
  stateRef: MutableRefObject<GroupComposerState>,
  setState: Dispatch<SetStateAction<GroupComposerState>>,
) {
  const [fileErrors, setFileErrors] = useState<Record<string, string[]>>({});
  /** What the composer did for the user, by version (TikTok's automatic post type). */
  const [notices, setNotices] = useState<Record<string, string>>({});
  const upload = useMediaUpload();

  const drop = useCallback((mediaKey: string) => setState((s) => dropMedia(s, mediaKey)), [setState]);

  const addFiles = useCallback(
    (scope: FileScope, files: File[], pasted: boolean) => {
      const state = stateRef.current;
      const { judges, existing } = judgesOf(state, scope);
      const existingInfos = existing.flatMap((key) => (state.media[key] ? [infoOf(state.media[key])] : []));
      const added = files.map((file) => mediaKindOf(file.type));
      const switches: { target: Target; postType: string; notice: string }[] = [];
      for (const judge of judges) {
        const change = postTypeForFiles(
          judge.platform,
          judge.postType,
          existingInfos.map((i) => i.kind),
          added,
        );
        if (!change) continue;
        judge.postType = change.postType;
        switches.push({ target: judge.target, ...change });
      }
      const named = new Set(judges.map((judge) => judge.platform)).size > 1;
      const errors: string[] = [];
      const accepted: { entry: ComposerMedia; file: File }[] = [];
      for (const file of files) {
        const info = infoOf({
          name: file.name || 'pasted-image.png',
          mimeType: file.type,
          sizeBytes: file.size,
        });
        const set = [...existingInfos, ...accepted.map(({ entry }) => infoOf(entry)), info];
        let problem: string | null = null;
        for (const judge of judges) {
          const found =
            validateMediaFile(judge.platform, judge.postType, info, { pasted }) ??
            validateMediaSet(judge.platform, judge.postType, set, 'compose');
          if (!found) continue;
          problem = named ? `${getPlatform(judge.platform).displayName}: ${found}` : found;
          break;
        }
        if (problem) {
          errors.push(problem);
          continue;
        }
        const entry: ComposerMedia = {
          key: newKey('media'),
          name: info.name,
          mimeType: file.type,
          kind: info.kind,
          sizeBytes: file.size,
          previewUrl: URL.createObjectURL(file),
          progress: 0,
          media: null,
        };
        accepted.push({ entry, file });
      }
      setFileErrors((current) => ({ ...current, [scope.errorKey]: errors }));
      if (switches.length > 0) {
        setNotices((current) => {
          const next = { ...current };
          for (const change of switches) next[targetId(change.target)] = change.notice;
          return next;
        });
      }
      if (accepted.length === 0 && switches.length === 0) return;
      const keys = accepted.map(({ entry }) => entry.key);
      setState((current) => {
        let next = putMedia(
          current,
          accepted.map(({ entry }) => entry),
        );
        for (const change of switches) {
          next = updateDraft(next, change.target, (draft) => withPostType(draft, change.postType), {
            customises: false,
          });
        }
        if (keys.length === 0) return next;
        return scope.kind === 'shared'
          ? addSharedMedia(next, keys)
          : updateDraft(next, scope.target, (draft) => addItemMedia(draft, scope.itemKey, keys), {
              customises: true,
            });
      });
      // The server checks again with the platform's own cap when there is one platform to judge.
      const only = judges.length === 1 ? judges[0] : undefined;
      for (const { entry, file } of accepted) {
        upload(
          file,
          { platform: only?.platform, postType: only?.postType, pasted },
          {
            onProgress: (progress) =>
              setState((s) =>
                updateMedia(s, entry.key, (m) => ({ ...m, progress: Math.min(progress, 0.99) })),
              ),
            onDone: (media) =>
              setState((s) => updateMedia(s, entry.key, (m) => ({ ...m, media, progress: 1 }))),
            onError: (message) => {
              drop(entry.key);
              setFileErrors((current) => ({
                ...current,
                [scope.errorKey]: [...(current[scope.errorKey] ?? []), message],
              }));
            },
          },
        );
      }
    },
    [stateRef, setState, upload, drop],
  );

  return { fileErrors, notices, setFileErrors, setNotices, addFiles, drop };
}
