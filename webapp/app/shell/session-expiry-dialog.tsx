import { Button } from '../../components/button';
import { Modal } from '../../components/modal';

interface SessionExpiryDialogProps {
  /** Whole minutes left before the automatic sign-out; null hides the dialog. */
  minutesLeft: number | null;
  onStay: () => void;
  onSignOut: () => void;
}

/** The in-page warning of spec 01 section 4 (the spec's browser alert, as a dialog). */
export function SessionExpiryDialog({ minutesLeft, onStay, onSignOut }: SessionExpiryDialogProps) {
  return (
    <Modal
      open={minutesLeft !== null}
      onClose={onStay}
      title="Session expiring"
      size="sm"
      fullScreenOnMobile={false}
      footer={
        <>
          <Button variant="secondary" onClick={onSignOut}>
            Sign out
          </Button>
          <Button onClick={onStay}>Stay signed in</Button>
        </>
      }
    >
      <p className="text-gray-700">
        Your session will expire in {minutesLeft} minutes. Please save your work.
      </p>
    </Modal>
  );
}
