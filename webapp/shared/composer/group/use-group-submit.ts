import { useEffect, useState } from 'react';
import type { PostDto, PostRequestAction } from '../../../../shared/posts/api';
import { validationAction } from '../../../../shared/posts/api';
import type { VersionProblemDto } from '../../../../shared/posts/post-groups';
import { groupProblems, type IdenticalTimes } from './group-problems';
import type { GroupComposerState } from './group-state';
import type { CompositionMode } from './single-target';
import { useSaveGroup } from './use-save-group';

interface SubmitOptions {
  open: boolean;
  groupId: string | null;
  state: GroupComposerState;
  single: CompositionMode;
  identical: IdenticalTimes;
  /** Opens the tab of the first problem. */
  showProblems: (problems: readonly VersionProblemDto[]) => void;
  /** The problems a refused request listed, shown on their tabs until the next edit. */
  onRefused: (problems: VersionProblemDto[]) => void;
  /** The server holds the composition now: its unsent copy can go. */
  onStored: () => void;
  onClose: () => void;
}

/**
 * What the action buttons do. Nothing is sent while a version has a problem (save as draft
 * aside: it keeps everything): one account shows the first problem in the red box as the spec's
 * composer did, several open the tab of the first. Then one request; Post Now of a group ends
 * with each account's outcome (`results`), everything else closes the composer.
 */
export function useGroupSubmit(options: SubmitOptions) {
  const { open, groupId, state, single } = options;
  const [stored, setStored] = useState<GroupComposerState | null>(null);
  const [savedPostId, setSavedPostId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<PostRequestAction | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [results, setResults] = useState<PostDto[] | null>(null);
  const saveGroup = useSaveGroup();

  // biome-ignore lint/correctness/useExhaustiveDependencies: start over only when the modal (re)opens
  useEffect(() => {
    if (!open) return;
    setStored(null);
    setSavedPostId(null);
    setError(null);
    setBusy(null);
    setPickerOpen(false);
    setAttempted(false);
    setResults(null);
  }, [open, groupId]);

  async function save(action: PostRequestAction) {
    setAttempted(true);
    setError(null);
    const alone = single.kind === 'one';
    const problems = groupProblems(state, validationAction(action), alone ? {} : options.identical);
    if (alone && problems[0]) {
      setError(problems[0].message);
      return;
    }
    if (!alone && action !== 'draft' && problems.length > 0) {
      options.showProblems(problems);
      return;
    }
    setBusy(action);
    try {
      const outcome = await saveGroup({
        state,
        action,
        groupId,
        savedPostId,
        onStored: ({ postId }) => {
          if (postId) setSavedPostId(postId);
          setStored(state);
          options.onStored();
        },
      });
      if (outcome.kind === 'done') options.onClose();
      else if (outcome.kind === 'published') setResults(outcome.posts);
      else {
        if (outcome.needsTime) setPickerOpen(true);
        if (outcome.problems && outcome.problems.length > 0) {
          options.onRefused(outcome.problems);
          options.showProblems(outcome.problems);
        } else setError(outcome.message);
      }
    } finally {
      setBusy(null);
    }
  }

  return { stored, error, setError, busy, pickerOpen, setPickerOpen, attempted, results, save };
}
