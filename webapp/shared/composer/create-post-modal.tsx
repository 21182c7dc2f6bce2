import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { AccountDto } from '../../../shared/accounts/account';
import { ApiError } from '../../../shared/http/api-error';
import {
  POST_MESSAGES as API_MESSAGES,
  type PostDto,
  type PostRequestAction,
  validationAction,
} from '../../../shared/posts/api';
import { POST_MESSAGES, TIKTOK_DRAFT_SCHEDULED_AT } from '../../../shared/posts/constants';
import { isInFuture } from '../../../shared/posts/post-timing';
import { validatePost } from '../../../shared/posts/validate-post';
import { formatDateTime } from '../../../shared/time/format';
import { Button } from '../../components/button';
import { LoadingCard } from '../../components/loading-card';
import { Modal } from '../../components/modal';
import { openConnectModal } from '../accounts/connect-modal-store';
import { useAccounts } from '../accounts/list-accounts';
import { usePreferences } from '../preferences/preferences';
import { useSession } from '../session/get-session';
import { useCreatePost } from './api/create-post';
import { getPostQueryOptions } from './api/get-post';
import { usePublishPost } from './api/publish-post';
import { useUpdatePost } from './api/update-post';

import { ComposerFields } from './composer-fields';
import { ComposerFooter } from './composer-footer';
import { ErrorBox, toPostInput } from './composer-input';
import { type ComposerState, initialState, isUploading, stateFromPost, toPostBody } from './composer-state';
import { DuplicateTextNotice } from './duplicate-text-notice';
import { PostToRow } from './post-to-row';
import { findMissingMedia, UNSENT_MEDIA_GONE } from './unsent-post';
import { useComposer } from './use-composer';
import { useUnsentPost } from './use-unsent-post';

export interface CreatePostModalProps {
  open: boolean;
  onClose: () => void;
  /** Edit this stored post (same row is saved). */
  postId?: string | null;
  /** Preselected schedule time (UTC ISO), e.g. from the calendar. */
  initialScheduledAt?: string | null;
  /** Sent Posts: a failed post opens a compact composer (no platform row, no preview) to fix and retry. */
  compact?: boolean;
}

/** Not in the spec: the engine will retry (or is still sending); the notification tells the outcome. */
export const PUBLISH_PENDING_MESSAGE = 'Your post is being published. You will be notified when it is live.';

function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * 'Create Post' (spec 02 section 2): 'Post to:' platforms and Add Account, the platform's editor on
 * the left and its live preview on the right (stacked on small screens), and the footer Cancel,
 * scheduled date with Edit, Save as draft, Post Now and Schedule Post.
 */
export function CreatePostModal({
  open,
  onClose,
  postId = null,
  initialScheduledAt = null,
  compact = false,
}: CreatePostModalProps) {
  const { state, fileErrors, notice, actions } = useComposer();
  const accountsQuery = useAccounts();
  const accounts = accountsQuery.data ?? [];
  const preferences = usePreferences();
  const [savedId, setSavedId] = useState<string | null>(postId);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<PostRequestAction | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [loadedPost, setLoadedPost] = useState<PostDto | null>(null);
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const publishPost = usePublishPost();
  const firstPlatformRef = useRef<HTMLButtonElement>(null);

  const postQuery = useQuery({ ...getPostQueryOptions(postId ?? ''), enabled: open && Boolean(postId) });
  const userId = useSession().data?.id ?? null;
  /** The composition as last stored (after a save), so closing compares with what the server has. */
  const [storedState, setStoredState] = useState<ComposerState | null>(null);
  const [emptyState] = useState(() => initialState(null, initialScheduledAt));
  const baseline = storedState ?? (postId ? (loadedPost ? stateFromPost(loadedPost) : null) : emptyState);
  const unsent = useUnsentPost({
    open,
    userId,
    keepsCopy: !postId && !compact && !savedId,
    state,
    baseline,
    onClose,
    onRestore: (restored) => {
      actions.reset(restored);
      void findMissingMedia(restored).then((gone) => {
        if (gone.length === 0) return;
        for (const key of gone) actions.removeMedia(key);
        setError(UNSENT_MEDIA_GONE);
      });
    },
  });

  // A new opening starts clean (or from the stored post once it has loaded).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the modal (re)opens
  useEffect(() => {
    if (!open) return;
    setSavedId(postId);
    setError(null);
    setBusy(null);
    setPickerOpen(false);
    setLoadedPost(null);
    setStoredState(null);
    if (!postId) actions.reset(initialState(null, initialScheduledAt));
  }, [open, postId, initialScheduledAt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per fetched post
  useEffect(() => {
    if (!open || !postId || !postQuery.data || loadedPost?.id === postQuery.data.id) return;
    setLoadedPost(postQuery.data);
    actions.load(postQuery.data);
  }, [open, postId, postQuery.data, loadedPost]);

  const platform = state.platform;
  const platformAccounts = platform ? accounts.filter((a) => a.platform === platform) : [];
  const account: AccountDto | null =
    platformAccounts.find((a) => a.id === state.accountId) ?? platformAccounts[0] ?? null;

  // Keep the chosen account valid when accounts load or change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the account list or platform changes
  useEffect(() => {
    if (platform && !state.accountId && platformAccounts[0]) actions.setAccount(platformAccounts[0].id);
  }, [platform, platformAccounts.length, state.accountId]);

  const connectedPlatforms = new Set(accounts.map((a) => a.platform));
  const input = toPostInput(state);
  const draftIssues = input ? validatePost(input, 'draft') : [];
  const overLimit = draftIssues.some((issue) => /too long/.test(issue.message));
  const articleWithoutUrl =
    platform === 'linkedin' &&
    state.postType === 'article' &&
    !String(state.metadata.articleUrl ?? '').trim();
  const uploading = isUploading(state);
  const isEditing = Boolean(savedId);
  const loadingPost = Boolean(postId) && postQuery.isPending;
  const disabled =
    !platform || !account || busy !== null || uploading || articleWithoutUrl || overLimit || loadingPost;

  // The spec's connect button closes the composer; the accounts feature's modal takes over.
  function chooseAddAccount() {
    // A new post's copy stays in storage: the next opening offers it back.
    onClose();
    openConnectModal();
  }

  async function save(action: PostRequestAction) {
    if (!input || !account) return;
    setError(null);
    const issues = validatePost(input, validationAction(action));
    if (issues[0]) {
      setError(issues[0].message);
      return;
    }
    let scheduledAt: string | null = state.scheduledAt;
    if (action === 'schedule') {
      if (!scheduledAt) {
        setError(API_MESSAGES.scheduleMissing);
        setPickerOpen(true);
        return;
      }
      if (!isInFuture(Date.parse(scheduledAt), Date.now())) {
        setError(API_MESSAGES.scheduleInPast);
        setPickerOpen(true);
        return;
      }
    }
    if (action === 'publish' || action === 'queue') scheduledAt = null;
    // Spec 02 section 4: LinkedIn drafts send no time; TikTok drafts send the far-future instant.
    if (action === 'draft' && platform === 'linkedin') scheduledAt = null;
    if (action === 'draft' && platform === 'tiktok') scheduledAt = TIKTOK_DRAFT_SCHEDULED_AT;
    const body = { ...toPostBody({ ...state, accountId: account.id }), action, scheduledAt };
    setBusy(action);
    try {
      const wasEditing = Boolean(savedId);
      const post = savedId
        ? await updatePost.mutateAsync({ id: savedId, input: body })
        : await createPost.mutateAsync(body);
      setSavedId(post.id);
      setStoredState(state);
      unsent.clearCopy();
      if (action === 'publish') {
        let published: PostDto;
        try {
          published = await publishPost.mutateAsync(post.id);
        } catch (publishError) {
          setError(errorMessage(publishError, POST_MESSAGES.failedToPostNow));
          return;
        }
        // The engine answers the settled row: a refusal by the platform is 'failed' with its reason.
        if (published.status === 'failed') {
          setError(published.errorMessage || POST_MESSAGES.failedToPostNow);
          return;
        }
        if (published.status === 'posted') toast.success(POST_MESSAGES.postPublished);
        else toast.message(PUBLISH_PENDING_MESSAGE);
      } else if (action === 'draft') {
        toast.success(wasEditing ? POST_MESSAGES.draftUpdated : POST_MESSAGES.draftSaved);
      } else if (action === 'queue') {
        // The toast names the slot the queue chose, in the user's zone and clock.
        toast.success(
          `Added to the queue for ${formatDateTime(post.scheduledAt, preferences.timezone, preferences.timeFormat)}`,
        );
      } else {
        toast.success(wasEditing ? POST_MESSAGES.postUpdated : POST_MESSAGES.postScheduled);
      }
      onClose();
    } catch (saveError) {
      setError(
        errorMessage(
          saveError,
          savedId ? POST_MESSAGES.failedToUpdatePost : POST_MESSAGES.failedToCreatePost,
        ),
      );
    } finally {
      setBusy(null);
    }
  }

  // Spec 02: a failed post opens a compact 'Create Post' modal.
  const title = !compact && isEditing && postId ? 'Edit Post' : 'Create Post';
  const scheduledLabel = state.scheduledAt
    ? formatDateTime(state.scheduledAt, preferences.timezone, preferences.timeFormat)
    : 'Not scheduled';

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : unsent.requestClose}
      title={title}
      size="xl"
      initialFocusRef={compact || postId ? undefined : firstPlatformRef}
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
      ) : postId && postQuery.isError ? (
        <ErrorBox message={POST_MESSAGES.failedToLoadPostData} />
      ) : (
        <div className="space-y-4">
          {compact ? null : (
            <PostToRow
              selected={platform}
              connected={connectedPlatforms}
              isLocked={Boolean(postId)}
              firstRef={firstPlatformRef}
              onSelect={(id) => {
                setError(null);
                actions.setPlatform(id, accounts.find((a) => a.platform === id)?.id ?? null);
              }}
              onAddAccount={chooseAddAccount}
            />
          )}

          <ComposerFields
            state={state}
            actions={actions}
            fileErrors={fileErrors}
            editorNotice={notice}
            platformAccounts={platformAccounts}
            account={account}
            error={error}
            editorKey={`${platform}-${loadedPost?.id ?? 'new'}`}
            onConnect={chooseAddAccount}
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
