import type { ReactNode } from 'react';
import { getPlatform } from '../../../shared/platforms/registry';
import type { GroupAccountStatus } from '../../../shared/posts/group-outcome';
import { ExternalLinkIcon } from '../../components/icons';
import { PlatformIcon } from '../../components/platform-icon';
import { StatusBadge } from '../../components/status-badge';

/**
 * Each account of a post group with its own fate (issue 23): platform, account, status, the
 * post's address once posted ("View post"), the reason once failed. Lists, the calendar's
 * expanded chip, a group's details and its notification show the same rows.
 */
export function AccountStatusList({
  accounts,
  actions,
  dense = false,
  label = 'Accounts',
}: {
  accounts: readonly GroupAccountStatus[];
  /** More per account (Fix and retry...). */
  actions?: (account: GroupAccountStatus) => ReactNode;
  /** Tighter rows for the calendar and the notification panel. */
  dense?: boolean;
  label?: string;
}) {
  return (
    <ul aria-label={label} className={`flex flex-col ${dense ? 'gap-1' : 'gap-2'}`}>
      {accounts.map((account) => (
        <AccountStatusRow key={account.postId} account={account} actions={actions} dense={dense} />
      ))}
    </ul>
  );
}

function AccountStatusRow({
  account,
  actions,
  dense,
}: {
  account: GroupAccountStatus;
  actions?: (account: GroupAccountStatus) => ReactNode;
  dense: boolean;
}) {
  const platform = getPlatform(account.platform).displayName;
  const named = account.accountName === platform ? platform : `${platform} (${account.accountName})`;
  return (
    <li className={`min-w-0 ${dense ? 'text-xs' : 'text-sm'}`}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <PlatformIcon platform={account.platform} className={dense ? 'h-4 w-4' : 'h-5 w-5'} />
        <span className="min-w-0 flex-1 break-words text-gray-800">
          <span className="font-medium">{account.accountName}</span>
          {account.accountName === platform ? null : <span className="text-gray-500"> · {platform}</span>}
        </span>
        <StatusBadge status={account.status} />
        {account.status === 'posted' && account.url ? (
          <a
            href={account.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`View post on ${named}`}
            className="inline-flex items-center gap-1 font-medium text-brand-600 hover:text-brand-700"
          >
            View post
            <ExternalLinkIcon className="h-3.5 w-3.5" />
          </a>
        ) : null}
        {actions?.(account)}
      </div>
      {account.status === 'failed' && account.error ? (
        <p className={`mt-1 break-words rounded bg-red-50 px-2 py-1 text-red-700 ${dense ? '' : 'text-sm'}`}>
          {account.error}
        </p>
      ) : null}
    </li>
  );
}

/** The networks of a group's accounts as a row of icons (one per account: two Pages, two icons). */
export function PlatformIcons({
  platforms,
  className = 'h-5 w-5',
}: {
  platforms: readonly GroupAccountStatus['platform'][];
  className?: string;
}) {
  return (
    <span className="inline-flex shrink-0 items-center -space-x-1" data-testid="platform-icons">
      {platforms.map((platform, index) => (
        <PlatformIcon
          // One icon per account: two Pages are two icons of one network.
          key={`${platform}-${index}`}
          platform={platform}
          className={`${className} ring-2 ring-white`}
        />
      ))}
    </span>
  );
}
