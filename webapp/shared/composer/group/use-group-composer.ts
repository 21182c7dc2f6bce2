import { useCallback, useMemo, useRef, useState } from 'react';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { newKey } from '../composer-state';
import type { EditorActions } from '../editor-actions';
import {
  addItem,
  moveItem,
  removeDraftMedia,
  removeItem,
  removeSharedMedia,
  setItemContent,
  setSharedContent,
  setSharedLink,
  withPostType,
} from './group-edits';
import {
  type ChosenAccount,
  customiseAccount,
  effectiveDraft,
  firstItemKey,
  type GroupComposerState,
  initialGroupState,
  removeAccountDraft,
  resetDraft,
  type Target,
  targetId,
  toggleAccount,
  toggleMissingPlatform,
  updateDraft,
} from './group-state';
import { type FileScope, useGroupFiles } from './use-group-files';

/** The multi-account composer's state and every edit its editors make (uploads included). */
export function useGroupComposer() {
  const [state, setState] = useState<GroupComposerState>(() => initialGroupState());
  const stateRef = useRef(state);
  stateRef.current = state;
  const files = useGroupFiles(stateRef, setState);
  const { setFileErrors, setNotices, addFiles, drop } = files;

  const actions = useMemo(
    () => ({
      reset(next: GroupComposerState = initialGroupState()) {
        setState(next);
        setFileErrors({});
        setNotices({});
      },
      toggleAccount(account: ChosenAccount) {
        setState((s) => toggleAccount(s, account));
      },
      toggleMissingPlatform(platform: PlatformId) {
        setState((s) => toggleMissingPlatform(s, platform));
      },
      setSharedContent(content: string) {
        setState((s) => setSharedContent(s, content));
      },
      setSharedLink(link: string) {
        setState((s) => setSharedLink(s, link));
      },
      setScheduledAt(scheduledAt: string | null) {
        setState((s) => ({ ...s, scheduledAt }));
      },
      addSharedFiles(added: File[], pasted = false) {
        addFiles({ kind: 'shared', errorKey: 'shared' }, added, pasted);
      },
      removeSharedMedia(mediaKey: string) {
        setState((s) => removeSharedMedia(s, mediaKey));
      },
      resetVersion(target: Target) {
        setState((s) => resetDraft(s, target));
      },
      customiseAccount(account: ChosenAccount) {
        setState((s) => customiseAccount(s, account));
      },
      removeAccountVersion(accountId: string) {
        setState((s) => removeAccountDraft(s, accountId));
      },
      dropMedia(keys: readonly string[]) {
        for (const key of keys) drop(key);
      },
    }),
    [addFiles, drop, setFileErrors, setNotices],
  );

  /**
   * The actions one version's editor uses. Editing its text, media or chain customises it; its
   * post type and settings change without that. `alone`: the version is the only one chosen, so
   * its first post's text and media are the shared ones (they carry over when accounts are added).
   */
  const versionActions = useCallback(
    (target: Target, alone: boolean): EditorActions => {
      const followsShared = () => !effectiveDraft(stateRef.current, target)?.customized;
      const first = firstItemKey(target);
      const edit = (change: Parameters<typeof updateDraft>[2], customises = true) =>
        setState((s) => updateDraft(s, target, change, { customises }));
      return {
        setPostType(postType) {
          edit((draft) => withPostType(draft, postType), false);
          setFileErrors({});
          setNotices((current) => ({ ...current, [targetId(target)]: '' }));
        },
        setMetadata(patch) {
          edit((draft) => ({ ...draft, metadata: { ...draft.metadata, ...patch } }), false);
        },
        setContent(itemKey, content) {
          if (alone && itemKey === first) {
            const customised = !followsShared();
            setState((s) => {
              const shared = setSharedContent(s, content);
              return customised
                ? updateDraft(shared, target, (draft) => setItemContent(draft, itemKey, content), {
                    customises: true,
                  })
                : shared;
            });
            return;
          }
          edit((draft) => setItemContent(draft, itemKey, content));
        },
        addItem() {
          const key = newKey('item');
          edit((draft) => addItem(draft, { key, content: '', media: [] }));
          return key;
        },
        removeItem(itemKey) {
          edit((draft) => removeItem(draft, itemKey));
        },
        moveItem(from, to) {
          edit((draft) => moveItem(draft, from, to));
        },
        removeMedia(mediaKey) {
          if (alone && followsShared()) setState((s) => removeSharedMedia(s, mediaKey));
          else edit((draft) => removeDraftMedia(draft, mediaKey));
        },
        addFiles(itemKey, added, pasted = false) {
          const scope: FileScope =
            alone && itemKey === first && followsShared()
              ? { kind: 'shared', errorKey: itemKey, only: target }
              : { kind: 'version', target, itemKey, errorKey: itemKey };
          addFiles(scope, added, pasted);
        },
      };
    },
    [addFiles, setFileErrors, setNotices],
  );

  return {
    state,
    fileErrors: files.fileErrors,
    notices: files.notices,
    actions,
    versionActions,
  };
}
