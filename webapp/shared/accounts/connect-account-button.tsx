import { Button } from '../../components/button';
import { PlusIcon } from '../../components/icons';
import { openConnectModal } from './connect-modal-store';

interface ConnectAccountButtonProps {
  /** Called after the click, e.g. to close the mobile drawer. */
  onOpen?: () => void;
  fullWidth?: boolean;
}

/**
 * The 'Connect Account' button of the sidebar and the dashboard header: opens the Connect
 * Account modal (one for the app, owned by the accounts feature).
 */
export function ConnectAccountButton({ onOpen, fullWidth = false }: ConnectAccountButtonProps) {
  return (
    <Button
      icon={<PlusIcon className="h-4 w-4" />}
      fullWidth={fullWidth}
      onClick={() => {
        openConnectModal();
        onOpen?.();
      }}
    >
      Connect Account
    </Button>
  );
}
