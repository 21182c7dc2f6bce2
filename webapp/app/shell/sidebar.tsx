import { type ComponentType, type SVGProps, useId, useState } from 'react';
import { NavLink } from 'react-router';
import {
  CalendarIcon,
  ChartIcon,
  ChevronDownIcon,
  ClockIcon,
  HomeIcon,
  QueueIcon,
  SendIcon,
} from '../../components/icons';
import { ConnectAccountButton } from '../../shared/accounts/connect-account-button';
import { DemoModeNotice } from './demo-mode-notice';
import { SidebarAccountsSlot } from './sidebar-accounts-slot';

const NAV_ITEMS: { to: string; label: string; icon: ComponentType<SVGProps<SVGSVGElement>> }[] = [
  { to: '/dashboard', label: 'Dashboard', icon: HomeIcon },
  { to: '/sent', label: 'Sent Posts', icon: SendIcon },
  { to: '/schedule', label: 'Posting Schedule', icon: ClockIcon },
  { to: '/calendar', label: 'Calendar View', icon: CalendarIcon },
  { to: '/analytics', label: 'Analytics', icon: ChartIcon },
  { to: '/automated-queues', label: 'Automated Queues', icon: QueueIcon },
];

interface SidebarProps {
  /** Called when a link or button inside is used (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** Sidebar content: 'Connected Accounts' (collapsible), Connect Account, and the main navigation. */
export function Sidebar({ onNavigate }: SidebarProps) {
  const [accountsOpen, setAccountsOpen] = useState(true);
  const accountsId = useId();
  return (
    <div className="flex h-full flex-col gap-6 overflow-y-auto px-3 py-5">
      <section>
        <button
          type="button"
          onClick={() => setAccountsOpen((value) => !value)}
          aria-expanded={accountsOpen}
          aria-controls={accountsId}
          className="flex w-full items-center justify-between rounded-lg px-3 py-2 font-semibold text-gray-500 text-xs uppercase tracking-wide hover:bg-gray-50"
        >
          Connected Accounts
          <ChevronDownIcon className={`h-4 w-4 transition-transform ${accountsOpen ? '' : '-rotate-90'}`} />
        </button>
        <div id={accountsId} hidden={!accountsOpen} className="mt-1">
          <SidebarAccountsSlot />
        </div>
        <div className="mt-3 px-1">
          <ConnectAccountButton fullWidth onOpen={onNavigate} />
        </div>
      </section>
      <nav aria-label="Main">
        <ul className="flex flex-col gap-1">
          {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium text-sm transition-colors ${
                    isActive
                      ? 'bg-brand-50 text-brand-700'
                      : 'text-gray-700 hover:bg-gray-50 hover:text-gray-900'
                  }`
                }
              >
                <Icon className="h-5 w-5 shrink-0" />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <DemoModeNotice />
    </div>
  );
}
