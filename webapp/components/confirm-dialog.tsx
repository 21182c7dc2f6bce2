import { useRef } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. 'Are you sure you want to disconnect your X account?' */
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While true the Yes button shows a spinner and both buttons are disabled. */
  busy?: boolean;
  /** Defaults to 'Please confirm'. */
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red Yes button for destructive actions (default true). */
  destructive?: boolean;
}

/** The generic Yes/No confirm dialog of spec 01 section 2. No is focused first, so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  busy = false,
  title = 'Please confirm',
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  destructive = true,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={busy ? () => {} : onCancel}
      title={title}
      size="sm"
      hideCloseButton
      fullScreenOnMobile={false}
      initialFocusRef={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={destructive ? 'danger' : 'primary'} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className="text-gray-700">{message}</p>
    </Modal>
  );
}
