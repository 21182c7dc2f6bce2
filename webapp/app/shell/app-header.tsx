import { Link } from 'react-router';
import { ExternalLinkIcon, MenuIcon, SupportIcon } from '../../components/icons';
import { useAppConfig } from '../../shared/app-config/get-app-config';
import { NotificationBellSlot } from './notification-bell-slot';
import { ProfileMenu } from './profile-menu';

interface AppHeaderProps {
  isMenuOpen: boolean;
  onToggleMenu: () => void;
}

/** Header: menu toggle (small screens), logo, Contact Support, notification bell, profile menu. */
export function AppHeader({ isMenuOpen, onToggleMenu }: AppHeaderProps) {
  const { data: config } = useAppConfig();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-gray-200 border-b bg-white px-3 sm:px-6">
      <button
        type="button"
        onClick={onToggleMenu}
        aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={isMenuOpen}
        aria-controls="app-sidebar"
        className="rounded-lg p-2 text-gray-600 hover:bg-gray-100 lg:hidden"
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      <Link to="/dashboard" className="flex items-center gap-2 rounded-lg px-1 py-1">
        <img src="/favicon.svg" alt="" className="h-7 w-7" />
        <span className="font-bold text-gray-900 text-lg tracking-tight">Postloom</span>
      </Link>
      <div className="ml-auto flex items-center gap-1 sm:gap-2">
        {config?.supportUrl ? (
          <a
            href={config.supportUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-1.5 rounded-lg p-2 text-gray-600 text-sm hover:bg-gray-100 hover:text-gray-900"
          >
            <SupportIcon className="h-5 w-5" />
            <span className="hidden sm:inline">Contact Support</span>
            <span className="sr-only sm:hidden">Contact Support</span>
            <ExternalLinkIcon className="hidden h-3.5 w-3.5 text-gray-400 sm:block" />
          </a>
        ) : null}
        <NotificationBellSlot />
        <ProfileMenu />
      </div>
    </header>
  );
}
