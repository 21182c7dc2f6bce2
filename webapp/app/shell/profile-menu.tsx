import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon, LogoutIcon, SettingsIcon } from '../../components/icons';
import { useSession } from '../../shared/session/get-session';
import { useSignOut } from '../../shared/session/use-sign-out';

function menuItems(root: HTMLElement | null): HTMLElement[] {
  return [...(root?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
}

/** The header's profile menu: the signed-in e-mail, Settings and Sign out. */
export function ProfileMenu() {
  const { data: user } = useSession();
  const { signOut, isSigningOut } = useSignOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Which item takes focus when the menu opens: the first, or the last after ArrowUp. */
  const [focusOnOpen, setFocusOnOpen] = useState<'first' | 'last'>('first');

  useEffect(() => {
    if (!open) return;
    // The menu button pattern (WAI-ARIA APG): focus moves into the menu as it opens.
    const items = menuItems(rootRef.current);
    (focusOnOpen === 'first' ? items[0] : items.at(-1))?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, focusOnOpen]);

  /** Inside the open menu: arrows (wrapping), Home and End move between items; Tab leaves it. */
  function onMenuKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Tab') {
      // The items unmount: focus goes back to the button rather than to the page's start.
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    const list = menuItems(rootRef.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % list.length,
      ArrowUp: (at - 1 + list.length) % list.length,
      Home: 0,
      End: list.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined || list.length === 0) return;
    event.preventDefault();
    list[next]?.focus();
  }

  const email = user?.email ?? '';
  const initial = email.charAt(0).toUpperCase() || '?';

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Profile menu"
        onClick={() => {
          setFocusOnOpen('first');
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setFocusOnOpen(event.key === 'ArrowDown' ? 'first' : 'last');
          setOpen(true);
        }}
        className="flex items-center gap-2 rounded-lg p-1.5 text-gray-700 hover:bg-gray-100"
      >
        <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 text-sm">
          {initial}
        </span>
        <span className="hidden max-w-48 truncate text-sm md:inline">{email}</span>
        <ChevronDownIcon className="hidden h-4 w-4 text-gray-400 md:block" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Profile"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-64 overflow-hidden rounded-xl border border-gray-200 bg-white py-1 shadow-lg"
        >
          <div className="border-gray-100 border-b px-4 py-3">
            <p className="text-gray-500 text-xs">Signed in as</p>
            <p className="truncate font-medium text-gray-900 text-sm">{email}</p>
          </div>
          <Link
            role="menuitem"
            to="/settings"
            onClick={() => setOpen(false)}
            className="flex items-center gap-2 px-4 py-2.5 text-gray-700 text-sm hover:bg-gray-50"
          >
            <SettingsIcon className="h-4 w-4" /> Settings
          </Link>
          <button
            role="menuitem"
            type="button"
            disabled={isSigningOut}
            onClick={() => signOut()}
            className="flex w-full items-center gap-2 px-4 py-2.5 text-left text-red-600 text-sm hover:bg-red-50 disabled:opacity-60"
          >
            <LogoutIcon className="h-4 w-4" /> {isSigningOut ? 'Signing out...' : 'Sign out'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
