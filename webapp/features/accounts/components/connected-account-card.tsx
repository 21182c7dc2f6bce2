import { useState } from 'react';
import { toast } from 'sonner';
import { type AccountDto, CONNECT_MESSAGES } from '../../../../shared/accounts/account';
import { getPlatform } from '../../../../shared/platforms/registry';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDisconnectAccount } from '../api/disconnect-account';
import { AccountAvatar, SandboxBadge } from './account-avatar';

/** Spec 01 section 2: account name, @handle (twitter and instagram only) and a disconnect button. */
export function ConnectedAccountCard({ account }: { account: AccountDto }) {
  const platform = getPlatform(account.platform);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectAccount();

  return (
    <div
      data-testid="connected-account"
      className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white px-3 py-2"
    >
      <AccountAvatar account={account} className="h-9 w-9" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-gray-900 text-sm">{account.accountName}</p>
        <div className="flex min-w-0 items-center gap-2">
          {platform.showsHandle && account.accountHandle ? (
            <p className="truncate text-gray-500 text-xs">@{account.accountHandle}</p>
          ) : null}
          {account.isSandbox ? <SandboxBadge /> : null}
        </div>
        {account.status === 'needs_reconnect' ? (
          <p className="text-red-600 text-xs">Needs reconnecting</p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Disconnect ${platform.displayName} account ${account.accountName}`}
        onClick={() => setConfirming(true)}
      >
        Disconnect
      </Button>
      <ConfirmDialog
        open={confirming}
        message={CONNECT_MESSAGES.disconnectConfirm(platform.displayName)}
        busy={disconnect.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(account.id, {
            onSuccess: () => setConfirming(false),
            onError: () => {
              setConfirming(false);
              toast.error(CONNECT_MESSAGES.disconnectFailed);
            },
          })
        }
      />
    </div>
  );
}
