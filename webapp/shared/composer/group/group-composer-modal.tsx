import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { AccountDto } from '../../../../shared/accounts/account';
import type { PostDto, PostRequestAction } from '../../../../shared/posts/api';
import { validationAction } from '../../../../shared/posts/api';
import { POST_MESSAGES } from '../../../../shared/posts/constants';
import type { VersionProblemDto } from '../../../../shared/posts/post-groups';
import { formatDateTime } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { LoadingCard } from '../../../components/loading-card';
import { Modal } from '../../../components/modal';
import { openConnectModal } from '../../accounts/connect-modal-store';
import { useAccounts } from '../../accounts/list-accounts';
import { usePreferences } from '../../preferences/preferences';
import { useSession } from '../../session/get-session';
import { ComposerFooter } from '../composer-footer';
import { ErrorBox } from '../composer-input';
import { findMissingMedia, UNSENT_MEDIA_GONE } from '../unsent-post';
import { useUnsentPost } from '../use-unsent-post';
import { AccountChips } from './account-chips';
import { hasGroupChanges } from './group-changes';
import { groupProblems } from './group-problems';
import { type GroupComposerState, initialGroupState } from './group-state';
import { GroupTabPanel } from './group-tab-panel';
import { SHARED_TAB, tabOfAccount, versionTabs } from './group-tabs';
import { PublishResults } from './publish-results';
import { SingleTarget, singleMode } from './single-target';
import { useComposerChecks } from './use-composer-checks';
import { useGroupComposer } from './use-group-composer';
import { useOpenedGroup } from './use-opened-group';
import { useSaveGroup } from './use-save-group';

const NO_PROBLEMS: VersionProblemDto[] = [];
const NO_ACCOUNT_PROBLEMS = new Map<string, string[]>();

interface GroupComposerModalProps {
  open: boolean;
  onClose: () => void;
  /** Edit this post group; `accountId` picks the tab shown first. */
  groupId?: string | null;
  accountId?: string | null;
  /** Preselected schedule time (UTC ISO), e.g. from the calendar. */
  initialScheduledAt?: string | null;
}

/**
 * 'Create Post' for any set of accounts (issue 23): 'Post to:' chips, then one account's editor
 * and preview (as the spec's composer), or with several accounts "All networks" (the shared text,
 * media and link) and a tab per version with its editor and live preview. Every version is checked
 * with the shared rules while it is written; one request saves them all (`POST /api/post-groups`,
 * or `PATCH` for an opened group), and Post Now shows each account's outcome.
 */
export function GroupComposerModal({
  open,
  onClose,
  groupId = null,
  accountId = null,
  initialScheduledAt = null,
}: GroupComposerModalProps) {
  const composer = useGroupComposer();
  const { state, actions } = composer;
  const accounts = useAccounts().data ?? [];
  const preferences = usePreferences();
  const userId = useSession().data?.id ?? null;
  const [stored, setStored] = useState<GroupComposerState | null>(null);
  const [savedPostId, setSavedPostId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<PostRequestAction | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [activeTab, setActiveTab] = useState(SHARED_TAB);
  const [attempted, setAttempted] = useState(false);
  const [results, setResults] = useState<PostDto[] | null>(null);
  const [emptyState] = useState(() => initialGroupState(initialScheduledAt));
  const firstChipRef = useRef<HTMLButtonElement>(null);
  const saveGroup = useSaveGroup();

  const opened = useOpenedGroup({ open, groupId, onLoad: actions.reset });
  const { loaded } = opened;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start over only when the modal (re)opens
  useEffect(() => {
    if (!open) return;
    actions.reset(initialGroupState(initialScheduledAt));
    setStored(null);
    setSavedPostId(null);
    setError(null);
    setBusy(null);
    setPickerOpen(false);
    setActiveTab(SHARED_TAB);
    setAttempted(false);
    setResults(null);
  }, [open, groupId]);

  const isNew = !groupId;
  const baseline = stored ?? (isNew ? emptyState : (loaded?.state ?? null));
  const dirty = useMemo(
    () => (baseline ? hasGroupChanges(state, baseline, isNew && !stored) : false),
    [state, baseline, isNew, stored],
  );
  const unsent = useUnsentPost({
    open,
    userId,
    keepsCopy: isNew && !stored,
    copy: state,
    dirty,
    onClose,
    onRestore: (restored) => {
      actions.reset(restored);
      void findMissingMedia(restored).then((gone) => {
        if (gone.length === 0) return;
        actions.dropMedia(gone);
        setError(UNSENT_MEDIA_GONE);
      });
    },
  });

  const single = singleMode(state, isNew);
  const deferred = useDeferredValue(state);
  const checks = useComposerChecks({
    state,
    deferred,
    single,
    postIdOf: opened.postIdOf,
  });
  const { sent } = opened;
  // A fresh composition does not start with problems: they show once something is written or tried.
  const touched = attempted || dirty;
  const problems = touched ? checks.problems : NO_PROBLEMS;
  const { accounts: chosenAccounts, versions, missingPlatforms } = state;
  // Not on every keystroke of the shared text: the tabs follow the accounts, versions and problems.
  const tabs = useMemo(
    () => versionTabs({ accounts: chosenAccounts, versions, missingPlatforms }, accounts, problems, sent),
    [chosenAccounts, versions, missingPlatforms, accounts, problems, sent],
  );
  const active = tabs.find((tab) => tab.id === activeTab) ?? tabs[0]!;
  const chosen = useMemo(() => new Set(state.accounts.map((account) => account.id)), [state.accounts]);
  // An opened group shows the tab of the account it was opened for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the group is in
  useEffect(() => {
    if (!loaded || !accountId) return;
    const tab = tabOfAccount(tabs, accountId);
    if (tab) setActiveTab(tab.id);
  }, [loaded]);

  function showFirstProblem(problems: readonly { accountId: string }[]) {
    const first = problems[0];
    const tab = first ? tabOfAccount(tabs, first.accountId) : undefined;
    if (tab) setActiveTab(tab.id);
  }

  async function save(action: PostRequestAction) {
    setAttempted(true);
    setError(null);
    checks.clearRefused();
    const alone = single.kind === 'one';
    const now = groupProblems(state, validationAction(action), alone ? {} : checks.identical);
    if (alone && now[0]) {
      setError(now[0].message);
      return;
    }
    if (!alone && action !== 'draft' && now.length > 0) {
      showFirstProblem(now);
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
          unsent.clearCopy();
        },
      });
      if (outcome.kind === 'done') onClose();
      else if (outcome.kind === 'published') setResults(outcome.posts);
      else {
        if (outcome.needsTime) setPickerOpen(true);
        if (outcome.problems && outcome.problems.length > 0) {
          checks.setRefused(outcome.problems);
          showFirstProblem(outcome.problems);
        } else setError(outcome.message);
      }
    } finally {
      setBusy(null);
    }
  }

  const connectAccount = () => {
    onClose();
    openConnectModal();
  };
  const title = isNew ? 'Create Post' : 'Edit Post';
  const scheduledLabel = state.scheduledAt
    ? formatDateTime(state.scheduledAt, preferences.timezone, preferences.timeFormat)
    : 'Not scheduled';
  const { loading } = opened;

  if (results) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title={title}
        size="xl"
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <PublishResults
          posts={results}
          accounts={accounts}
          timezone={preferences.timezone}
          timeFormat={preferences.timeFormat}
        />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : unsent.requestClose}
      title={title}
      size="xl"
      initialFocusRef={isNew ? firstChipRef : undefined}
      footer={
        <ComposerFooter
          busy={busy}
          disabled={busy !== null || loading || checks.blocked}
          summary={touched ? checks.summary : null}
          onShowProblems={() => showFirstProblem(checks.problems)}
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
      {loading ? (
        <LoadingCard message="Loading post..." />
      ) : opened.failed ? (
        <ErrorBox message={POST_MESSAGES.failedToLoadPostData} />
      ) : (
        <div className="space-y-4">
          <AccountChips
            accounts={accounts}
            chosen={chosen}
            locked={opened.locked}
            statuses={opened.statuses}
            missingChosen={state.missingPlatforms}
            problems={touched ? checks.byAccount : NO_ACCOUNT_PROBLEMS}
            firstRef={firstChipRef}
            onToggle={(account: AccountDto) => {
              setError(null);
              actions.toggleAccount({ id: account.id, platform: account.platform });
            }}
            onToggleMissing={(platform) => {
              setError(null);
              actions.toggleMissingPlatform(platform);
            }}
            onAddAccount={connectAccount}
          />
          {single.kind === 'none' ? (
            <p className="rounded-lg bg-gray-50 p-6 text-center text-gray-600 text-sm">
              {POST_MESSAGES.selectPlatform}
            </p>
          ) : single.kind === 'one' ? (
            <SingleTarget
              composer={composer}
              single={single}
              accounts={accounts}
              error={error}
              onConnect={connectAccount}
            />
          ) : (
            <>
              {error ? <ErrorBox message={error} /> : null}
              <GroupTabPanel
                composer={composer}
                tabs={tabs}
                active={active}
                onSelect={setActiveTab}
                onConnect={connectAccount}
                timezone={preferences.timezone}
                timeFormat={preferences.timeFormat}
              />
            </>
          )}
        </div>
      )}
      {unsent.dialogs}
    </Modal>
  );
}
