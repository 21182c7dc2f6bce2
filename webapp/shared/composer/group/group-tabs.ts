import type { AccountDto } from '../../../../shared/accounts/account';
import { PLATFORM_IDS, type PlatformId } from '../../../../shared/platforms/ids';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { PostDto } from '../../../../shared/posts/api';
import type { VersionProblemDto } from '../../../../shared/posts/post-groups';
import { draftOf, type GroupComposerState, type Target, targetId } from './group-state';

export const SHARED_TAB = 'shared';

/** One tab of the composer: the shared text, a network's or an account's version, a platform without an account, or a sent version. */
export type VersionTab =
  | { kind: 'shared'; id: string; label: string; problems: VersionProblemDto[] }
  | {
      kind: 'version';
      id: string;
      label: string;
      target: Target;
      /** The chosen accounts this version goes to. */
      accounts: AccountDto[];
      customised: boolean;
      problems: VersionProblemDto[];
    }
  | { kind: 'missing'; id: string; label: string; platform: PlatformId; problems: [] }
  | { kind: 'sent'; id: string; label: string; post: PostDto; account: AccountDto | null; problems: [] };

const order = (platform: PlatformId) => PLATFORM_IDS.indexOf(platform);

/**
 * The tabs of a composition with several targets: "All networks", then per chosen network its
 * version (while some account of it follows it) and the accounts with a version of their own,
 * then platforms chosen without an account, then the versions already sent (read only).
 */
export function versionTabs(
  state: Pick<GroupComposerState, 'accounts' | 'versions' | 'missingPlatforms'>,
  accounts: readonly AccountDto[],
  problems: readonly VersionProblemDto[],
  sent: readonly PostDto[] = [],
): VersionTab[] {
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const chosen = state.accounts.flatMap((chosenAccount) => {
    const account = byId.get(chosenAccount.id);
    return account ? [account] : [];
  });
  const tabs: VersionTab[] = [{ kind: 'shared', id: SHARED_TAB, label: 'All networks', problems: [] }];
  const platforms = [...new Set(chosen.map((account) => account.platform))].sort(
    (a, b) => order(a) - order(b),
  );
  for (const platform of platforms) {
    const name = getPlatform(platform).displayName;
    const ofPlatform = chosen.filter((account) => account.platform === platform);
    const own = ofPlatform.filter((account) => draftOf(state, { platform, accountId: account.id }));
    const following = ofPlatform.filter((account) => !own.includes(account));
    const problemsOf = (group: readonly AccountDto[]) =>
      problems.filter((problem) => group.some((account) => account.id === problem.accountId));
    if (following.length > 0) {
      const target = { platform };
      tabs.push({
        kind: 'version',
        id: targetId(target),
        label: name,
        target,
        accounts: following,
        customised: Boolean(draftOf(state, target)?.customized),
        problems: problemsOf(following),
      });
    }
    for (const account of own) {
      const target = { platform, accountId: account.id };
      tabs.push({
        kind: 'version',
        id: targetId(target),
        label: `${name}: ${account.accountName}`,
        target,
        accounts: [account],
        customised: Boolean(draftOf(state, target)?.customized),
        problems: problemsOf([account]),
      });
    }
  }
  for (const platform of state.missingPlatforms) {
    tabs.push({
      kind: 'missing',
      id: `missing:${platform}`,
      label: getPlatform(platform).displayName,
      platform,
      problems: [],
    });
  }
  for (const post of sent) {
    const account = post.socialAccountId ? (byId.get(post.socialAccountId) ?? null) : null;
    const name = getPlatform(post.platform).displayName;
    tabs.push({
      kind: 'sent',
      id: `sent:${post.id}`,
      label: `${name}: ${account?.accountName ?? post.account?.accountName ?? 'account'}`,
      post,
      account,
      problems: [],
    });
  }
  return tabs;
}

/** The tab an account's version is edited in. */
export function tabOfAccount(tabs: readonly VersionTab[], accountId: string): VersionTab | undefined {
  return tabs.find(
    (tab) =>
      (tab.kind === 'version' && tab.accounts.some((account) => account.id === accountId)) ||
      (tab.kind === 'sent' && tab.post.socialAccountId === accountId),
  );
}
