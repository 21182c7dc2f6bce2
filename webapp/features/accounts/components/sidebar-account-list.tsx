import { getPlatform } from '../../../../shared/platforms/registry';
import { openConnectModal } from '../../../shared/accounts/connect-modal-store';
import { useAccounts } from '../../../shared/accounts/list-accounts';
import { AccountAvatar, SandboxBadge } from './account-avatar';

/** The sidebar's 'Connected Accounts' list: avatar, name, @handle where the platform shows one. */
export function SidebarAccountList() {
  const { data: accounts, isPending, error } = useAccounts();
  if (isPending) return <p className="px-3 py-2 text-gray-400 text-sm">Loading accounts…</p>;
  if (error)
    return <p className="px-3 py-2 text-red-600 text-sm">Error loading social accounts: {error.message}</p>;
  if (!accounts || accounts.length === 0) {
    return <p className="px-3 py-2 text-gray-500 text-sm">No accounts connected</p>;
  }
  return (
    <ul className="flex flex-col gap-1" aria-label="Connected accounts">
      {accounts.map((account) => {
        const platform = getPlatform(account.platform);
        return (
          <li
            key={account.id}
            data-testid="sidebar-account"
            className="flex items-center gap-2.5 rounded-lg px-3 py-1.5"
          >
            <AccountAvatar account={account} className="h-7 w-7" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-gray-800 text-sm">{account.accountName}</p>
              <div className="flex min-w-0 items-center gap-1.5">
                <p className="truncate text-gray-500 text-xs">
                  {platform.displayName}
                  {platform.showsHandle && account.accountHandle ? ` · @${account.accountHandle}` : ''}
                </p>
                {account.isSandbox ? <SandboxBadge /> : null}
              </div>
            </div>
            {account.status === 'needs_reconnect' ? (
              <button
                type="button"
                onClick={openConnectModal}
                title={account.lastError ?? undefined}
                className="shrink-0 rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-700 text-xs hover:bg-red-100"
              >
                Reconnect
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
