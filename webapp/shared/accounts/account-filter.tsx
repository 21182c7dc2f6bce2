import { useEffect } from 'react';
import { accountLabel } from '../../../shared/accounts/account-label';
import type { PlatformId } from '../../../shared/platforms/ids';
import { useAccounts } from './list-accounts';

/**
 * A select of the user's connected accounts ('' is every account), named with platform, name
 * and handle so two accounts of one platform can be told apart. Used by the post lists, the
 * calendar and analytics.
 */
export function AccountFilter({
  id,
  value,
  onChange,
  platforms,
  className,
}: {
  id: string;
  value: string;
  onChange: (accountId: string) => void;
  /** Only accounts of these platforms are offered. */
  platforms?: readonly PlatformId[];
  className?: string;
}) {
  const query = useAccounts();
  const accounts = (query.data ?? []).filter((account) => !platforms || platforms.includes(account.platform));
  // An account disconnected while chosen: back to every account (its id would answer 404).
  const isGone = Boolean(value) && query.isSuccess && !accounts.some((account) => account.id === value);
  useEffect(() => {
    if (isGone) onChange('');
  }, [isGone, onChange]);
  const sorted = [...accounts].sort((a, b) => accountLabel(a).localeCompare(accountLabel(b)));
  return (
    <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={className}>
      <option value="">All accounts</option>
      {sorted.map((account) => (
        <option key={account.id} value={account.id}>
          {accountLabel(account)}
        </option>
      ))}
    </select>
  );
}
