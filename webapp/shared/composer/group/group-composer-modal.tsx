import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AccountDto } from '../../../../shared/accounts/account';
import type { PlatformId } from '../../../../shared/platforms/ids';
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
import { initialGroupState } from './group-state';
import { GroupTabPanel } from './group-tab-panel';
import { SHARED_TAB, tabOfAccount, versionTabs } from './group-tabs';
import { PublishResults } from './publish-results';
import { SingleTarget, singleMode } from './single-target';
import { useComposerChecks } from './use-composer-checks';
import { useGroupComposer } from './use-group-composer';
import { useGroupSubmit } from './use-group-submit';
import { useOpenedGroup } from './use-opened-group';
import { useEventCallback } from './use-stable';

const NO_PROBLEMS: VersionProblemDto[] = [];
const NO_ACCOUNTS: AccountDto[] = [];
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
  const connected = useAccounts().data;
  const accounts = connected ?? NO_ACCOUNTS;
  const preferences = usePreferences();
  const userId = useSession().data?.id ?? null;
  const [activeTab, setActiveTab] = useState(SHARED_TAB);
  const [emptyState] = useState(() => initialGroupState(initialScheduledAt));
  const firstChipRef = useRef<HTMLButtonElement>(null);
  const opened = useOpenedGroup({ open, groupId, onLoad: actions.reset });
  const { loaded, sent } = opened;

  // biome-ignore lint/correctness/useExhaustiveDependencies: start over only when the modal (re)opens
  useEffect(() => {
    if (!open) return;
    actions.reset(initialGroupState(initialScheduledAt));
    setActiveTab(SHARED_TAB);
  }, [open, groupId]);

  const isNew = !groupId;
  const single = singleMode(state, isNew);
  const deferred = useDeferredValue(state);
  const checks = useComposerChecks({ state, deferred, single, postIdOf: opened.postIdOf });
  const showProblems = useEventCallback((problems: readonly { accountId: string }[]) => {
    const tab = problems[0] ? tabOfAccount(tabs, problems[0].accountId) : undefined;
    if (tab) setActiveTab(tab.id);
  });
  const submit = useGroupSubmit({
    open,
    groupId,
    state,
    single,
    identical: checks.identical,
    showProblems,
    onRefused: checks.setRefused,
    onStored: () => unsent.clearCopy(),
    onClose,
  });
  const { stored, setError } = submit;
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
    onRestore: (kept) => {
      // An account disconnected since the copy was kept is left out.
      const restored = {
        ...kept,
        accounts: kept.accounts.filter((a) => accounts.some((c) => c.id === a.id)),
      };
      actions.reset(restored);
      void findMissingMedia(restored).then((gone) => {
        if (gone.length === 0) return;
        actions.dropMedia(gone);
        setError(UNSENT_MEDIA_GONE);
      });
    },
  });

  // A fresh composition does not start with problems: they show once something is written or tried.
  const touched = submit.attempted || dirty;
  const problems = touched ? checks.problems : NO_PROBLEMS;
  const { accounts: chosenAccounts, versions, missingPlatforms } = state;
  // Not on every keystroke of the shared text: the tabs follow the accounts, versions and problems.
  const tabs = useMemo(
    () => versionTabs({ accounts: chosenAccounts, versions, missingPlatforms }, accounts, problems, sent),
    [chosenAccounts, versions, missingPlatforms, accounts, problems, sent],
  );
  const active = tabs.find((tab) => tab.id === activeTab) ?? tabs[0]!;
  const chosen = useMemo(() => new Set(chosenAccounts.map((account) => account.id)), [chosenAccounts]);

  // An opened group shows the tab of the account it was opened for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once the group is in
  useEffect(() => {
    const tab = loaded && accountId ? tabOfAccount(tabs, accountId) : undefined;
    if (tab) setActiveTab(tab.id);
  }, [loaded]);

  const connectAccount = useEventCallback(() => {
    onClose();
    openConnectModal();
  });
  const onToggle = useCallback(
    (account: AccountDto) => {
      setError(null);
      actions.toggleAccount({ id: account.id, platform: account.platform });
    },
    [actions, setError],
  );
  const onToggleMissing = useCallback(
    (platform: PlatformId) => {
      setError(null);
      actions.toggleMissingPlatform(platform);
    },
    [actions, setError],
  );
  const onSave = useEventCallback((action: Parameters<typeof submit.save>[0]) => void submit.save(action));
  const requestClose = useEventCallback(() => unsent.requestClose());
  const onSchedule = useEventCallback((iso: string) => {
    actions.setScheduledAt(iso);
    submit.setPickerOpen(false);
    setError(null);
  });
  const onShowProblems = useEventCallback(() => showProblems(checks.problems));

  const title = isNew ? 'Create Post' : 'Edit Post';
  if (submit.results) {
    return (
      <Modal
        open={open}
        onClose={onClose}
        title={title}
        size="xl"
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <PublishResults
          posts={submit.results}
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
      onClose={submit.busy ? () => {} : requestClose}
      title={title}
      description={
        isNew && !touched ? (
          <>
            Planning many posts?{' '}
            <Link
              to="/posts/import"
              onClick={onClose}
              className="font-medium text-brand-600 hover:text-brand-700"
            >
              Import them from a CSV
            </Link>
          </>
        ) : undefined
      }
      size="xl"
      initialFocusRef={isNew ? firstChipRef : undefined}
      footer={
        <ComposerFooter
          busy={submit.busy}
          disabled={submit.busy !== null || opened.loading || checks.blocked}
          summary={touched ? checks.summary : null}
          onShowProblems={onShowProblems}
          scheduledAt={state.scheduledAt}
          scheduledLabel={
            state.scheduledAt
              ? formatDateTime(state.scheduledAt, preferences.timezone, preferences.timeFormat)
              : 'Not scheduled'
          }
          timezone={preferences.timezone}
          timeFormat={preferences.timeFormat}
          pickerOpen={submit.pickerOpen}
          onTogglePicker={submit.setPickerOpen}
          onCancel={requestClose}
          onSchedule={onSchedule}
          onSave={onSave}
        />
      }
    >
      {opened.loading ? (
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
            missingChosen={missingPlatforms}
            problems={touched ? checks.byAccount : NO_ACCOUNT_PROBLEMS}
            firstRef={firstChipRef}
            onToggle={onToggle}
            onToggleMissing={onToggleMissing}
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
              error={submit.error}
              onConnect={connectAccount}
            />
          ) : (
            <>
              {submit.error ? <ErrorBox message={submit.error} /> : null}
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
