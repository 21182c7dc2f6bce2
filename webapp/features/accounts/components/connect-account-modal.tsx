import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  type AccountDto,
  CONNECT_MESSAGES,
  type PlatformAvailability,
} from '../../../../shared/accounts/account';
import type { PlatformId } from '../../../../shared/platforms/ids';
import { getPlatform } from '../../../../shared/platforms/registry';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { accountKeys } from '../../../lib/query-keys';
import { useAccounts } from '../../../shared/accounts/list-accounts';
import { useConnectAccount } from '../api/connect-account';
import { usePlatforms } from '../api/list-platforms';
import { ConnectedAccountCard } from './connected-account-card';

/** The spec's five platforms, then Threads as a sixth. */
const MODAL_PLATFORMS: PlatformId[] = ['twitter', 'facebook', 'instagram', 'linkedin', 'tiktok', 'threads'];

/** Spec 01 section 2: the Connect Account modal. */
export function ConnectAccountModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const platforms = usePlatforms();
  const connect = useConnectAccount();

  useEffect(() => {
    // On open it refreshes the account list.
    if (open) void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  }, [open, queryClient]);

  const loadError = accounts.error ? accounts.error.message : null;
  const modeOf = (id: PlatformId): PlatformAvailability =>
    platforms.data?.find((p) => p.id === id)?.mode ?? 'real';

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={
        <>
          Connect Account
          {loadError ? (
            <span className="mt-1 block font-normal text-red-600 text-sm">
              {CONNECT_MESSAGES.loadError(loadError)}
            </span>
          ) : null}
        </>
      }
      description="Choose a platform to connect your social media account"
      size="lg"
    >
      <ul className="flex flex-col gap-4">
        {MODAL_PLATFORMS.map((id) => (
          <PlatformRow
            key={id}
            id={id}
            mode={modeOf(id)}
            accounts={(accounts.data ?? []).filter((a) => a.platform === id)}
            connecting={connect.isPending && connect.variables === id}
            onConnect={() => connect.mutate(id)}
          />
        ))}
      </ul>
      {loadError || connect.error ? (
        <p role="alert" className="mt-4 text-red-600 text-sm">
          {loadError ?? connect.error?.message}
        </p>
      ) : null}
    </Modal>
  );
}

function PlatformRow({
  id,
  mode,
  accounts,
  connecting,
  onConnect,
}: {
  id: PlatformId;
  mode: PlatformAvailability;
  accounts: AccountDto[];
  connecting: boolean;
  onConnect: () => void;
}) {
  const info = getPlatform(id);
  const unavailable = mode === 'unavailable';
  // Spec 01 section 2: a connected platform shows its entries instead of the connect button,
  // unless an entry needs reconnecting.
  const needsReconnect = accounts.some((a) => a.status === 'needs_reconnect');
  return (
    <li data-testid={`connect-platform-${id}`} className="rounded-xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            style={{ backgroundColor: info.brandColor }}
            className="inline-flex h-9 w-9 items-center justify-center rounded-lg font-bold text-sm text-white"
          >
            {info.shortName.slice(0, 2)}
          </span>
          <div>
            <p className="font-medium text-gray-900">{info.connectLabel}</p>
            {mode === 'sandbox' ? (
              <p className="text-gray-500 text-xs">Demo: connects to the built-in sandbox</p>
            ) : null}
          </div>
        </div>
        {unavailable ? (
          <span className="text-gray-500 text-sm">Not available on this server</span>
        ) : accounts.length === 0 || needsReconnect ? (
          <Button
            size="sm"
            loading={connecting}
            onClick={onConnect}
            aria-label={`${needsReconnect ? 'Reconnect' : 'Connect'} ${info.displayName}`}
          >
            {needsReconnect ? 'Reconnect' : `Connect ${info.displayName}`}
          </Button>
        ) : null}
      </div>
      {id === 'tiktok' && unavailable ? (
        <p className="mt-3 text-gray-600 text-sm">{CONNECT_MESSAGES.tiktokUnavailable}</p>
      ) : null}
      {info.reconnectAdvice ? <p className="mt-3 text-gray-500 text-xs">{info.reconnectAdvice}</p> : null}
      {accounts.length > 0 ? (
        <div className="mt-3 flex flex-col gap-2">
          {accounts.map((account) => (
            <ConnectedAccountCard key={account.id} account={account} />
          ))}
        </div>
      ) : null}
    </li>
  );
}
