import { useMemo } from 'react';
import type { AccountDto } from '../../../../shared/accounts/account';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { usePreferences } from '../../preferences/preferences';
import { ComposerFields } from '../composer-fields';
import { DuplicateTextNotice } from '../duplicate-text-notice';
import {
  type ChosenAccount,
  type GroupComposerState,
  type Target,
  targetId,
  targetOfAccount,
  viewOf,
} from './group-state';
import type { useGroupComposer } from './use-group-composer';

/** No account chosen, exactly one (an account, or a platform without one), or several. */
export type CompositionMode =
  | { kind: 'none' }
  | { kind: 'one'; account: ChosenAccount | null; platform: PlatformId }
  | { kind: 'many' };

/** A new post for one target is the spec's one-platform composer; several, or an opened group, get tabs. */
export function singleMode(state: GroupComposerState, isNew: boolean): CompositionMode {
  if (!isNew) return { kind: 'many' };
  const targets = state.accounts.length + state.missingPlatforms.length;
  if (targets === 0) return { kind: 'none' };
  if (targets > 1) return { kind: 'many' };
  const account = state.accounts[0] ?? null;
  return { kind: 'one', account, platform: account?.platform ?? (state.missingPlatforms[0] as PlatformId) };
}

/**
 * One account: its platform's editor and live preview as the spec's composer has them. The text
 * and media of its first post are the shared ones, so they carry over when accounts are added; a
 * thread (or anything the platform alone has) makes its version its own.
 */
export function SingleTarget({
  composer,
  single,
  accounts,
  error,
  onConnect,
}: {
  composer: ReturnType<typeof useGroupComposer>;
  single: Extract<CompositionMode, { kind: 'one' }>;
  accounts: readonly AccountDto[];
  error: string | null;
  onConnect: () => void;
}) {
  const { state, versionActions, fileErrors, notices } = composer;
  const { timezone, timeFormat } = usePreferences();
  const target: Target = single.account
    ? targetOfAccount(state, single.account)
    : { platform: single.platform };
  const id = targetId(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one set of actions per target
  const actions = useMemo(() => versionActions(target, true), [id, versionActions]);
  const account = single.account ? (accounts.find((a) => a.id === single.account?.id) ?? null) : null;
  const view = viewOf(state, target);
  return (
    <ComposerFields
      state={view}
      actions={actions}
      fileErrors={fileErrors}
      editorNotice={notices[id] || null}
      platformAccounts={account ? [account] : []}
      account={account}
      error={error}
      editorKey={`${single.platform}-${id}`}
      onConnect={onConnect}
      notice={
        <DuplicateTextNotice
          state={view}
          account={account}
          postId={null}
          timezone={timezone}
          timeFormat={timeFormat}
        />
      }
    />
  );
}
