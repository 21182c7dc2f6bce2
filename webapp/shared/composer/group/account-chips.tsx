import { memo, type RefObject } from 'react';
import type { AccountDto } from '../../../../shared/accounts/account';
import { accountLabel } from '../../../../shared/accounts/account-label';
import { PLATFORM_IDS, type PlatformId } from '../../../../shared/platforms/ids';
import { PLATFORMS } from '../../../../shared/platforms/registry';
import { firstGrapheme } from '../../../../shared/text/truncate';
import { Button } from '../../../components/button';
import { CheckIcon, PlusIcon } from '../../../components/icons';
import { PlatformIcon } from '../../../components/platform-icon';

interface AccountChipsProps {
  accounts: readonly AccountDto[];
  chosen: ReadonlySet<string>;
  /** Accounts whose version is sent or being sent: chosen for good, with what happened. */
  locked: ReadonlyMap<string, string>;
  /** An opened group's post status per account ("Scheduled", "Draft", "Failed"). */
  statuses: ReadonlyMap<string, string>;
  missingChosen: readonly PlatformId[];
  /** The spec's messages per account, shown on its chip. */
  problems: ReadonlyMap<string, readonly string[]>;
  firstRef: RefObject<HTMLButtonElement | null>;
  onToggle: (account: AccountDto) => void;
  onToggleMissing: (platform: PlatformId) => void;
  onAddAccount: () => void;
}

/**
 * 'Post to:' every connected account as a toggle chip (several per platform), then the platforms
 * without an account (choosing one says "No {platform} account connected"), then Add Account.
 * A chip shows its account's problems; the chips wrap on phones.
 */
export const AccountChips = memo(function AccountChips({
  accounts,
  chosen,
  locked,
  statuses,
  missingChosen,
  problems,
  firstRef,
  onToggle,
  onToggleMissing,
  onAddAccount,
}: AccountChipsProps) {
  const connected = new Set(accounts.map((account) => account.platform));
  // In the platforms' order, then by name: two Pages of one business sit side by side.
  const sorted = [...accounts].sort(
    (a, b) =>
      PLATFORM_IDS.indexOf(a.platform) - PLATFORM_IDS.indexOf(b.platform) ||
      a.accountName.localeCompare(b.accountName),
  );
  const missing = PLATFORMS.filter((platform) => !connected.has(platform.id));
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Post to</legend>
      <span aria-hidden="true" className="font-medium text-gray-700 text-sm">
        Post to:
      </span>
      {sorted.map((account, index) => (
        <AccountChip
          key={account.id}
          account={account}
          buttonRef={index === 0 ? firstRef : undefined}
          isChosen={chosen.has(account.id) || locked.has(account.id)}
          lockedAs={locked.get(account.id) ?? null}
          status={statuses.get(account.id) ?? null}
          problems={problems.get(account.id) ?? []}
          onToggle={onToggle}
        />
      ))}
      {missing.map((platform, index) => {
        const isChosen = missingChosen.includes(platform.id);
        return (
          <button
            key={platform.id}
            ref={accounts.length === 0 && index === 0 ? firstRef : undefined}
            type="button"
            aria-pressed={isChosen}
            aria-label={`${platform.displayName} (not connected)`}
            title={`${platform.displayName} (not connected)`}
            onClick={() => onToggleMissing(platform.id)}
            className={`flex h-9 w-9 items-center justify-center rounded-full border-2 transition ${
              isChosen
                ? 'border-brand-600 ring-2 ring-brand-100'
                : 'border-gray-200 opacity-50 hover:opacity-80'
            }`}
          >
            <PlatformIcon platform={platform.id} className="h-5 w-5" />
          </button>
        );
      })}
      <Button variant="ghost" size="sm" icon={<PlusIcon className="h-4 w-4" />} onClick={onAddAccount}>
        Add Account
      </Button>
    </fieldset>
  );
});

function AccountChip({
  account,
  buttonRef,
  isChosen,
  lockedAs,
  status,
  problems,
  onToggle,
}: {
  account: AccountDto;
  buttonRef?: RefObject<HTMLButtonElement | null>;
  isChosen: boolean;
  lockedAs: string | null;
  status: string | null;
  problems: readonly string[];
  onToggle: (account: AccountDto) => void;
}) {
  const hasProblems = isChosen && problems.length > 0;
  const description = [
    lockedAs ?? status,
    hasProblems
      ? `${problems.length} problem${problems.length === 1 ? '' : 's'}: ${problems.join(' ')}`
      : null,
  ]
    .filter(Boolean)
    .join('. ');
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-pressed={isChosen}
      aria-label={accountLabel(account)}
      aria-description={description || undefined}
      aria-disabled={lockedAs ? true : undefined}
      title={description || accountLabel(account)}
      onClick={() => {
        if (!lockedAs) onToggle(account);
      }}
      className={`relative inline-flex max-w-[15rem] items-center gap-2 rounded-full border py-1 pr-3 pl-1 text-sm transition ${
        isChosen
          ? 'border-brand-600 bg-brand-50 text-brand-900 ring-1 ring-brand-600'
          : 'border-gray-300 bg-white text-gray-600 hover:border-gray-400'
      } ${hasProblems ? 'border-red-500 ring-red-500' : ''} ${lockedAs ? 'cursor-default' : ''}`}
    >
      <span className="relative shrink-0">
        {account.avatarUrl ? (
          <img src={account.avatarUrl} alt="" className="h-7 w-7 rounded-full object-cover" />
        ) : (
          <span className="flex h-7 w-7 items-center justify-center rounded-full bg-gray-200 font-semibold text-gray-700 text-xs">
            {firstGrapheme(account.accountName).toUpperCase()}
          </span>
        )}
        <PlatformIcon
          platform={account.platform}
          className="absolute -right-1 -bottom-1 h-4 w-4 ring-2 ring-white"
        />
      </span>
      <span className="truncate">{account.accountName}</span>
      {isChosen && !hasProblems ? <CheckIcon className="h-4 w-4 shrink-0 text-brand-600" /> : null}
      {hasProblems ? (
        <span
          aria-hidden="true"
          className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1 font-semibold text-white text-xs"
        >
          {problems.length}
        </span>
      ) : null}
      {lockedAs || status ? (
        <span aria-hidden="true" className="shrink-0 text-gray-500 text-xs">
          {lockedAs ?? status}
        </span>
      ) : null}
    </button>
  );
}
