import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { PlusIcon } from '../../../components/icons';

export interface ConnectAccountButtonProps {
  /** Called after the click, e.g. to close the mobile drawer. */
  onOpen?: () => void;
  fullWidth?: boolean;
}

/**
 * The 'Connect Account' button of the sidebar and the dashboard header. The accounts feature
 * replaces its behaviour with the Connect Account modal; for now it opens /dashboard?connect=1.
 */
export function ConnectAccountButton({ onOpen, fullWidth = false }: ConnectAccountButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      icon={<PlusIcon className="h-4 w-4" />}
      fullWidth={fullWidth}
      onClick={() => {
        navigate('/dashboard?connect=1');
        onOpen?.();
      }}
    >
      Connect Account
    </Button>
  );
}
