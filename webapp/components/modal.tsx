import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';

const WIDTHS = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-4xl' } as const;

interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Visible title; also the dialog's accessible name. */
  title: ReactNode;
  /** Optional line under the title (also the accessible description). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: keyof typeof WIDTHS;
  /** Close when the backdrop is clicked (default true). */
  closeOnBackdrop?: boolean;
  /** Hide the × button (e.g. for a confirm dialog that must be answered). */
  hideCloseButton?: boolean;
  /** Element to focus on open; defaults to the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Below 640 px the dialog fills the screen (default true); small confirmations pass false. */
  fullScreenOnMobile?: boolean;
}

/**
 * Open dialogs, innermost last (a confirmation over the composer): only the top one answers
 * Escape and keeps Tab inside, and the page scrolls again when the last one closes.
 */
const openDialogs: object[] = [];
let overflowBeforeDialogs = '';

function addOpenDialog(token: object) {
  if (openDialogs.length === 0) {
    overflowBeforeDialogs = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openDialogs.push(token);
}

function removeOpenDialog(token: object) {
  const index = openDialogs.indexOf(token);
  if (index >= 0) openDialogs.splice(index, 1);
  if (openDialogs.length === 0) document.body.style.overflow = overflowBeforeDialogs;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Accessible dialog: role=dialog + aria-modal, labelled by its title, focus trapped inside,
 * Escape and backdrop close, body scroll locked, focus returned on close; full screen below 640 px.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  closeOnBackdrop = true,
  hideCloseButton = false,
  initialFocusRef,
  fullScreenOnMobile = true,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const token = {};
    addOpenDialog(token);
    const panel = panelRef.current;
    const first = initialFocusRef?.current ?? panel?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    first?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openDialogs[openDialogs.length - 1] !== token) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstItem = items[0] as HTMLElement;
      const lastItem = items[items.length - 1] as HTMLElement;
      if (
        event.shiftKey &&
        (document.activeElement === firstItem || !panel.contains(document.activeElement))
      ) {
        event.preventDefault();
        lastItem.focus();
      } else if (
        !event.shiftKey &&
        (document.activeElement === lastItem || !panel.contains(document.activeElement))
      ) {
        event.preventDefault();
        firstItem.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      removeOpenDialog(token);
      previouslyFocused?.focus?.();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  return createPortal(
    <div
      className={`fixed inset-0 z-50 flex justify-center sm:items-center sm:p-4 ${fullScreenOnMobile ? 'items-stretch' : 'items-center p-4'}`}
    >
      <div
        className="absolute inset-0 bg-gray-900/50"
        aria-hidden="true"
        data-testid="modal-backdrop"
        onClick={closeOnBackdrop ? () => onCloseRef.current() : undefined}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative flex w-full flex-col bg-white shadow-xl outline-none sm:h-auto sm:max-h-[90vh] sm:rounded-xl ${WIDTHS[size]} ${fullScreenOnMobile ? 'h-full' : 'max-h-[90vh] rounded-xl'}`}
      >
        <div className="flex items-start justify-between gap-4 border-gray-100 border-b px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-gray-900 text-lg">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-gray-500 text-sm">
                {description}
              </p>
            ) : null}
          </div>
          {hideCloseButton ? null : (
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              className="-mr-1 rounded-md p-1.5 text-gray-400 hover:bg-gray-100 hover:text-gray-600"
              aria-label="Close"
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="h-5 w-5" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          )}
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-2 border-gray-100 border-t px-5 py-3">{footer}</div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
