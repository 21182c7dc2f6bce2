import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PostDto, PostRequestAction } from '../../../shared/posts/api';
import { validationAction } from '../../../shared/posts/api';
import { POST_MESSAGES } from '../../../shared/posts/constants';
import { formatDateTime } from '../../../shared/time/format';
import { LoadingCard } from '../../components/loading-card';
import { Modal } from '../../components/modal';
import { usePreferences } from '../preferences/preferences';
import { useSession } from '../session/get-session';
import { getPostQueryOptions } from './api/get-post';
import { ComposerFields } from './composer-fields';
import { ComposerFooter } from './composer-footer';
import { ErrorBox } from './composer-input';
import { type ComposerState, hasChanges, stateFromPost } from './composer-state';
import { DuplicateTextNotice } from './duplicate-text-notice';
import { PostToRow } from './post-to-row';
import { useComposerForm } from './use-composer-form';
import { scheduledAtFor, useSavePost } from './use-save-post';
import { useUnsentPost } from './use-unsent-post';

interface SinglePostModalProps {
  open: boolean;
  onClose: () => void;
  /** Edit this stored post (same row is saved). */
  postId: string;
  /** Sent Posts: a failed post opens a compact composer (no platform row, no preview) to fix and retry. */
  compact?: boolean;
}

/**
 * 'Edit Post' for a lone post (spec 02 section 2): its platform's editor on the left and its live
 * preview on the right (stacked on small screens), and the footer Cancel, scheduled date with
 * Edit, Save as draft, Post Now and Schedule Post. New posts and post groups are composed in the
 * multi-account composer (group/group-composer-modal.tsx).
 */
export function SinglePostModal({ open, onClose, postId, compact = false }: SinglePostModalProps) {
  const form = useComposerForm({ onClose });
  const { state, fileErrors, notice, actions, account } = form;
  const preferences = usePreferences();
  const [savedId, setSavedId] = useState<string | null>(postId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<PostRequestAction | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [loadedPost, setLoadedPost] = useState<PostDto | null>(null);
  const savePost = useSavePost();
  const firstPlatformRef = useRef<HTMLButtonElement>(null);

  const postQuery = useQuery({ ...getPostQueryOptions(postId), enabled: open });
  const userId = useSession().data?.id ?? null;
  /** The composition as last stored (after a save), so closing compares with what the server has. */
  const [storedState, setStoredState] = useState<ComposerState | null>(null);
  const baseline = storedState ?? (loadedPost ? stateFromPost(loadedPost) : null);
  const unsent = useUnsentPost({
    open,
    userId,
    keepsCopy: false,
    dirty: baseline ? hasChanges(state, baseline) : false,
    onClose,
  });

  // A new opening starts from the stored post once it has loaded.
  useEffect(() => {
    if (!open) return;
    setSavedId(postId);
    setError(null);
    setBusy(null);
    setPickerOpen(false);
    setLoadedPost(null);
    setStoredState(null);
  }, [open, postId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per fetched post
  useEffect(() => {
    if (!open || !postQuery.data || loadedPost?.id === postQuery.data.id) return;
    setLoadedPost(postQuery.data);
    actions.load(postQuery.data);
  }, [open, postId, postQuery.data, loadedPost]);

  const platform = state.platform;
  const loadingPost = postQuery.isPending;
  const disabled = form.incomplete || busy !== null || loadingPost;

  async function save(action: PostRequestAction) {
    const checked = form.check(validationAction(action));
    if (!checked) return;
    setError(null);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    const timing = scheduledAtFor(action, platform, state.scheduledAt);
    if ('error' in timing) {
      setError(timing.error);
      setPickerOpen(true);
      return;
    }
    setBusy(action);
    try {
      const failure = await savePost({
        action,
        body: checked.body,
        scheduledAt: timing.scheduledAt,
        savedId,
        onStored: (post) => {
          setSavedId(post.id);
          setStoredState(state);
          unsent.clearCopy();
        },
      });
      if (failure === null) onClose();
      else setError(failure);
    } finally {
      setBusy(null);
    }
  }

  // Spec 02: a failed post opens a compact 'Create Post' modal.
  const title = compact ? 'Create Post' : 'Edit Post';
  const scheduledLabel = state.scheduledAt
    ? formatDateTime(state.scheduledAt, preferences.timezone, preferences.timeFormat)
    : 'Not scheduled';

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : unsent.requestClose}
      title={title}
      size="xl"
      footer={
        <ComposerFooter
          busy={busy}
          disabled={disabled}
          scheduledAt={state.scheduledAt}
          scheduledLabel={scheduledLabel}
          timezone={preferences.timezone}
          timeFormat={preferences.timeFormat}
          pickerOpen={pickerOpen}
          onTogglePicker={setPickerOpen}
          onCancel={unsent.requestClose}
          onSchedule={(iso) => {
            actions.setScheduledAt(iso);
            setPickerOpen(false);
            setError(null);
          }}
          onSave={(action) => void save(action)}
        />
      }
    >
      {loadingPost ? (
        <LoadingCard message="Loading post..." />
      ) : postQuery.isError ? (
        <ErrorBox message={POST_MESSAGES.failedToLoadPostData} />
      ) : (
        <div className="space-y-4">
          {compact ? null : (
            <PostToRow
              selected={platform}
              connected={form.connectedPlatforms}
              isLocked
              firstRef={firstPlatformRef}
              onSelect={(id) => {
                setError(null);
                form.selectPlatform(id);
              }}
              onAddAccount={form.connectAccount}
            />
          )}

          <ComposerFields
            state={state}
            actions={actions}
            fileErrors={fileErrors}
            editorNotice={notice}
            platformAccounts={form.platformAccounts}
            account={account}
            error={error}
            editorKey={`${platform}-${loadedPost?.id ?? 'new'}`}
            onConnect={form.connectAccount}
            compact={compact}
            notice={
              <DuplicateTextNotice
                state={state}
                account={account}
                postId={savedId}
                timezone={preferences.timezone}
                timeFormat={preferences.timeFormat}
              />
            }
          />
        </div>
      )}
      {unsent.dialogs}
    </Modal>
  );
}
