import { useEffect, useId, useRef } from 'react';

interface ConfirmPromptProps {
  open: boolean;
  title: string;
  message: string;
  /** The safe answer: focused first, and what Escape means. */
  cancelLabel: string;
  onCancel: () => void;
  /** The answer that throws something away. */
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * A question in the browser's own modal <dialog> (focus kept inside, the page behind inert);
 * Escape gives the safe answer.
 */
export function ConfirmPrompt({
  open,
  title,
  message,
  cancelLabel,
  onCancel,
  confirmLabel,
  onConfirm,
}: ConfirmPromptProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="prompt"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      <div className="row end">
        <button type="button" autoFocus onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
