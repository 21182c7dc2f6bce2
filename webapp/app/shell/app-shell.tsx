import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { CloseIcon } from '../../components/icons';
import { LoadingCard } from '../../components/loading-card';
import { useRestorePush } from '../../features/settings/hooks/use-restore-push';
import { CreatePostHost } from '../../shared/composer/create-post-host';
import { PostDetailsHost } from '../../shared/post-details/post-details-host';
import { useLiveEvents } from '../live-events/use-live-events';
import { AppHeader } from './app-header';
import { OfflineBanner } from './offline-banner';
import { SessionExpiryDialog } from './session-expiry-dialog';
import { Sidebar } from './sidebar';
import { useInactivitySignOut } from './use-inactivity-sign-out';
import { useNetworkStatus } from './use-network-status';

/** The signed-in frame: header, sidebar (a drawer below 1024 px), the page, and the session/network watchers. */
export function AppShell() {
  const location = useLocation();
  // The drawer belongs to the page it was opened on, so a navigation closes it. Derived rather
  // than reset in an effect: an effect still pending when the toggle's click arrives would run
  // after the toggle and close the drawer the user just opened.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenOn === location.pathname;
  const closeMenu = useCallback(() => setMenuOpenOn(null), []);
  const inactivity = useInactivitySignOut();
  const { isOnline } = useNetworkStatus();
  useLiveEvents();
  useRestorePush();

  return (
    <div className="min-h-screen bg-gray-50">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <AppHeader
        isMenuOpen={isMenuOpen}
        onToggleMenu={() => setMenuOpenOn(isMenuOpen ? null : location.pathname)}
      />
      {isOnline ? null : <OfflineBanner />}
      {/* The column's background spans the whole page however long; its content stays in view. */}
      <div className="flex min-h-[calc(100dvh-4rem)]">
        <aside
          id="app-sidebar-desktop"
          aria-label="Sidebar"
          className="hidden w-64 shrink-0 border-gray-200 border-r bg-white lg:block"
        >
          <div className="sticky top-16 h-[calc(100dvh-4rem)]">
            <Sidebar />
          </div>
        </aside>
        {isMenuOpen ? <MobileDrawer onClose={closeMenu} /> : null}
        <main id="main" className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          {/* A page's chunk loads inside the frame (later navigations keep the current page meanwhile). */}
          <Suspense fallback={<LoadingCard message="Loading..." className="mt-4" />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <CreatePostHost />
      <PostDetailsHost />
      <SessionExpiryDialog
        minutesLeft={inactivity.minutesLeft}
        onStay={inactivity.stayActive}
        onSignOut={inactivity.signOutNow}
      />
      {/* Only signed-in pages raise toasts: the toaster lives here, so the sign-in pages do not
          download it. Bottom right, clear of the header's bell and profile menu and of the
          dashboard's round button; on phones (sonner: up to 600 px) full width at the bottom,
          above the home indicator, away from the composer's close button. */}
      <Toaster
        position="bottom-right"
        offset={{ bottom: '6.5rem', right: '2rem' }}
        mobileOffset={{
          bottom: 'calc(env(safe-area-inset-bottom, 0px) + 5.5rem)',
          left: '0.75rem',
          right: '0.75rem',
        }}
        richColors
        closeButton
      />
    </div>
  );
}

function MobileDrawer({ onClose }: { onClose: () => void }) {
  const panelRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onClose();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-40 lg:hidden">
      <div className="absolute inset-0 bg-gray-900/40" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id="app-sidebar"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col bg-white shadow-xl"
      >
        <div className="flex h-16 items-center justify-between border-gray-200 border-b px-4">
          <span className="font-bold text-gray-900 text-lg">Postloom</span>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="rounded-lg p-2 text-gray-500 hover:bg-gray-100"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        </div>
        <Sidebar onNavigate={onClose} />
      </div>
    </div>
  );
}
