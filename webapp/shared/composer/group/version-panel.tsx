import type { ReactNode } from 'react';
import type { AccountDto } from '../../../../shared/accounts/account';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { VersionProblemDto } from '../../../../shared/posts/post-groups';
import { Button } from '../../../components/button';
import { ComposerFields } from '../composer-fields';
import type { ComposerState } from '../composer-state';
import type { EditorActions } from '../editor-actions';
import type { Target } from './group-state';

/** A tab's problems with the spec's messages, each once; named by account where only some of the tab's accounts have it. */
export function problemLines(
  problems: readonly VersionProblemDto[],
  accounts: readonly AccountDto[],
): string[] {
  const lines: string[] = [];
  const messages = [...new Set(problems.map((problem) => problem.message))];
  for (const message of messages) {
    const having = new Set(problems.filter((p) => p.message === message).map((p) => p.accountId));
    if (accounts.length <= 1 || accounts.every((account) => having.has(account.id))) {
      lines.push(message);
      continue;
    }
    for (const account of accounts)
      if (having.has(account.id)) lines.push(`${account.accountName}: ${message}`);
  }
  return lines;
}

export function ProblemList({ lines }: { lines: readonly string[] }) {
  if (lines.length === 0) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-700 text-sm">
      <ul aria-label="Problems" className="list-disc space-y-0.5 pl-4">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}

interface VersionPanelProps {
  target: Target;
  /** The chosen accounts this version goes to. */
  accounts: AccountDto[];
  /** Accounts of the network that could get a version of their own. */
  ownable: AccountDto[];
  customised: boolean;
  view: ComposerState;
  actions: EditorActions;
  fileErrors: Record<string, string[]>;
  notice: string | null;
  problems: readonly VersionProblemDto[];
  onReset: () => void;
  onCustomiseAccount: (account: AccountDto) => void;
  onRemoveAccountVersion: (accountId: string) => void;
  onConnect: () => void;
}

/**
 * One network's (or one account's) version: whether it follows the shared text or is customised
 * (with "Reset to the shared text"), its problems with the spec's messages, then the platform's
 * own editor and live preview, showing the version as it goes out. Editing it customises it.
 */
export function VersionPanel({
  target,
  accounts,
  ownable,
  customised,
  view,
  actions,
  fileErrors,
  notice,
  problems,
  onReset,
  onCustomiseAccount,
  onRemoveAccountVersion,
  onConnect,
}: VersionPanelProps) {
  const name = getPlatform(target.platform).displayName;
  const account = accounts[0] ?? null;
  const forAccount = Boolean(target.accountId);
  let status: ReactNode;
  if (customised) {
    status = (
      <>
        <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800 text-xs">
          Customised
        </span>
        <span className="text-gray-600">
          {forAccount
            ? `Only ${account?.accountName ?? 'this account'} gets this text.`
            : `Only ${name} gets this text.`}
        </span>
        <Button variant="secondary" size="sm" onClick={onReset}>
          Reset to the shared text
        </Button>
      </>
    );
  } else {
    status = (
      <span className="text-gray-600">
        Follows the shared text. Editing it here customises it for{' '}
        {forAccount ? (account?.accountName ?? 'this account') : name} only.
      </span>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {status}
        {forAccount && target.accountId ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onRemoveAccountVersion(target.accountId as string)}
          >
            Use the {name} version
          </Button>
        ) : null}
      </div>
      {!forAccount && ownable.length > 0 && accounts.length > 1 ? (
        <div className="flex flex-wrap items-center gap-2 text-gray-600 text-sm">
          <span>Customise for one account only:</span>
          {ownable.map((other) => (
            <Button key={other.id} variant="secondary" size="sm" onClick={() => onCustomiseAccount(other)}>
              {other.accountName}
            </Button>
          ))}
        </div>
      ) : null}
      <ProblemList lines={problemLines(problems, accounts)} />
      <ComposerFields
        state={view}
        actions={actions}
        fileErrors={fileErrors}
        editorNotice={notice}
        platformAccounts={account ? [account] : []}
        account={account}
        error={null}
        editorKey={`${target.platform}-${target.accountId ?? 'network'}`}
        onConnect={onConnect}
      />
    </div>
  );
}
