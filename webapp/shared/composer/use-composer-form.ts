import { useEffect } from 'react';
import type { AccountDto } from '../../../shared/accounts/account';
import type { PlatformId } from '../../../shared/platforms/ids';
import type { PostAction } from '../../../shared/posts/api';
import { validatePost } from '../../../shared/posts/validate-post';
import { openConnectModal } from '../accounts/connect-modal-store';
import { useAccounts } from '../accounts/list-accounts';
import { toPostInput } from './composer-input';
import { isUploading, toPostBody } from './composer-state';
import { useComposer } from './use-composer';

/**
 * What the Create Post modal and the queue item editor share around the composer: the chosen
 * account, whether the composition can be saved yet, the check before a save and the body it
 * sends, and the connect button that hands over to the accounts modal.
 */
export function useComposerForm({ onClose }: { onClose: () => void }) {
  const composer = useComposer();
  const { state, actions } = composer;
  const accountsQuery = useAccounts();
  const accounts = accountsQuery.data ?? [];
  const platform = state.platform;
  const platformAccounts = platform ? accounts.filter((a) => a.platform === platform) : [];
  const account: AccountDto | null =
    platformAccounts.find((a) => a.id === state.accountId) ?? platformAccounts[0] ?? null;

  // Keep the chosen account valid when accounts load or change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the account list or platform changes
  useEffect(() => {
    if (platform && !state.accountId && platformAccounts[0]) actions.setAccount(platformAccounts[0].id);
  }, [platform, platformAccounts.length, state.accountId]);

  const input = toPostInput(state);
  const overLimit = (input ? validatePost(input, 'draft') : []).some((issue) =>
    /too long/.test(issue.message),
  );
  const articleWithoutUrl =
    platform === 'linkedin' &&
    state.postType === 'article' &&
    !String(state.metadata.articleUrl ?? '').trim();
  /** Nothing to save yet: no platform or account, an upload running, text over the limit, an article without its link. */
  const incomplete = !platform || !account || isUploading(state) || overLimit || articleWithoutUrl;

  return {
    ...composer,
    accounts,
    platformAccounts,
    account,
    connectedPlatforms: new Set(accounts.map((a) => a.platform)),
    incomplete,
    selectPlatform(id: PlatformId) {
      actions.setPlatform(id, accounts.find((a) => a.platform === id)?.id ?? null);
    },
    /** The spec's connect button closes the composer; the accounts feature's modal takes over. */
    connectAccount() {
      onClose();
      openConnectModal();
    },
    /**
     * The composition checked as `action` requires: the first issue's message, or the body to
     * send (for the chosen account); null while there is nothing to save.
     */
    check(action: PostAction): { error: string } | { body: ReturnType<typeof toPostBody> } | null {
      if (!input || !account) return null;
      const issue = validatePost(input, action)[0];
      if (issue) return { error: issue.message };
      return { body: toPostBody({ ...state, accountId: account.id }) };
    },
  };
}
