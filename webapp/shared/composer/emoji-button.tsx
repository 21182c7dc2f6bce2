import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Spinner } from '../../components/spinner';

const EmojiPicker = lazy(() => import('./emoji-picker-panel'));

/** A smiley button that opens the emoji picker (loaded on first use); `onPick` decides whether it fits. */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    function onDown(event: MouseEvent) {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    }
    // Capture phase, so Escape closes the picker without also closing the dialog around it.
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        setOpen(false);
      }
    }
    document.addEventListener('mousedown', onDown);
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-label="Add emoji"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-700"
      >
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          className="h-5 w-5"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0M9 9.5h.01M15 9.5h.01" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <div className="absolute top-full left-0 z-30 mt-1">
          <Suspense
            fallback={
              <div className="flex h-20 w-40 items-center justify-center rounded-lg border bg-white shadow">
                <Spinner size="sm" label="Loading emoji" />
              </div>
            }
          >
            <EmojiPicker onPick={onPick} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
