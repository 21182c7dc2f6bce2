import { useDeferredValue, useId, useMemo } from 'react';
import type { AccountDto } from '../../../../shared/accounts/account';
import { acceptedMimeTypes } from '../../../../shared/media/media-rules';
import { getPlatform } from '../../../../shared/platforms/registry';
import { remainingCharacters } from '../../../../shared/posts/character-count';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import type { GroupComposerState } from './group-state';
import { effectiveDraft, mediaOf, targetId, targetOfAccount, versionOf, viewOf } from './group-state';
import type { VersionTab } from './group-tabs';
import { type NetworkCount, SharedEditor } from './shared-editor';
import { MissingAccountPanel, NetworksOverview, SentVersionPanel } from './side-panels';
import type { useGroupComposer } from './use-group-composer';
import { VersionPanel } from './version-panel';
import { VersionTabList, versionTabDomId } from './version-tab-list';

type Composer = ReturnType<typeof useGroupComposer>;

interface GroupTabPanelProps {
  composer: Composer;
  tabs: readonly VersionTab[];
  active: VersionTab;
  onSelect: (tabId: string) => void;
  onConnect: () => void;
  timezone: string;
  timeFormat: TimeFormat;
}

/** Characters left per network that follows the shared text, and the file types they take. */
function sharedFacts(state: GroupComposerState): { counts: NetworkCount[]; accept: string[] } {
  const counts = new Map<string, NetworkCount>();
  const accept = new Set<string>();
  for (const account of state.accounts) {
    const target = targetOfAccount(state, account);
    if (effectiveDraft(state, target)?.customized) continue;
    const version = versionOf(state, target);
    for (const type of acceptedMimeTypes(account.platform, version.postType)) accept.add(type);
    const remaining = remainingCharacters(account.platform, version.content);
    const known = counts.get(account.platform);
    if (!known || remaining < known.remaining) {
      counts.set(account.platform, {
        platform: account.platform,
        name: getPlatform(account.platform).displayName,
        remaining,
      });
    }
  }
  return { counts: [...counts.values()], accept: [...accept] };
}

/**
 * Several accounts: the tab list, then the chosen tab's panel: the shared text beside how each
 * network gets it, a version's editor and preview, a platform without an account, or a sent
 * version (read only). What is computed from the text (counters) follows it after the keystroke.
 */
export function GroupTabPanel({
  composer,
  tabs,
  active,
  onSelect,
  onConnect,
  timezone,
  timeFormat,
}: GroupTabPanelProps) {
  const { state, actions, versionActions, fileErrors, notices } = composer;
  const panelId = useId();
  const deferred = useDeferredValue(state);
  const facts = useMemo(() => sharedFacts(deferred), [deferred]);
  const target = active.kind === 'version' ? active.target : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one set of actions per version, whatever object names it
  const editor = useMemo(
    () => (target ? versionActions(target, false) : null),
    [target ? targetId(target) : null, versionActions],
  );

  return (
    <div className="space-y-4">
      <VersionTabList tabs={tabs} active={active.id} panelId={panelId} onSelect={onSelect} />
      <div id={panelId} role="tabpanel" aria-labelledby={versionTabDomId(active.id)}>
        {active.kind === 'shared' ? (
          <div className="grid gap-6 lg:grid-cols-2">
            <section aria-label="All networks editor" className="min-w-0">
              <SharedEditor
                content={state.shared.content}
                link={state.shared.link}
                media={mediaOf(state, state.shared.media)}
                errors={fileErrors.shared ?? []}
                counts={facts.counts}
                accept={facts.accept}
                onContent={actions.setSharedContent}
                onLink={actions.setSharedLink}
                onAddFiles={actions.addSharedFiles}
                onRemoveMedia={actions.removeSharedMedia}
              />
            </section>
            <NetworksOverview tabs={tabs} onOpen={onSelect} />
          </div>
        ) : null}
        {active.kind === 'version' && editor ? (
          <VersionPanel
            key={active.id}
            target={active.target}
            accounts={active.accounts}
            ownable={active.accounts.filter((account: AccountDto) => account.id !== active.target.accountId)}
            customised={active.customised}
            view={viewOf(state, active.target)}
            actions={editor}
            fileErrors={fileErrors}
            notice={notices[active.id] || null}
            problems={active.problems}
            onReset={() => actions.resetVersion(active.target)}
            onCustomiseAccount={(account) => {
              actions.customiseAccount(account);
              onSelect(targetId({ platform: account.platform, accountId: account.id }));
            }}
            onRemoveAccountVersion={(accountId) => {
              actions.removeAccountVersion(accountId);
              onSelect(targetId({ platform: active.target.platform }));
            }}
            onConnect={onConnect}
          />
        ) : null}
        {active.kind === 'missing' ? <MissingAccountPanel platform={active} onConnect={onConnect} /> : null}
        {active.kind === 'sent' ? (
          <SentVersionPanel
            post={active.post}
            account={active.account}
            timezone={timezone}
            timeFormat={timeFormat}
          />
        ) : null}
      </div>
    </div>
  );
}
