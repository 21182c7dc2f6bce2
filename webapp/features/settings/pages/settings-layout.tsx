import { Link, NavLink, Outlet } from 'react-router';
import { ChevronLeftIcon } from '../../../components/icons';
import { useAppConfig } from '../../../shared/app-config/get-app-config';

const MENU = [
  { to: '/settings/profile', label: 'Personal Information' },
  { to: '/settings/notifications', label: 'Notifications' },
  { to: '/settings/privacy', label: 'Privacy & Security' },
  { to: '/settings/api', label: 'API' },
  { to: '/settings/webhooks', label: 'Webhooks' },
  { to: '/settings/subscription', label: 'Subscription' },
];

/** `/settings/*`: back to the dashboard, the settings menu, and the chosen page. */
export function SettingsLayout() {
  // The Subscription entry only when this server charges for access (BILLING on).
  const billing = useAppConfig().data?.billing === true;
  const menu = MENU.filter((item) => billing || item.to !== '/settings/subscription');
  return (
    <div className="mx-auto max-w-5xl">
      <Link
        to="/dashboard"
        className="mb-4 inline-flex items-center gap-1 rounded-lg py-1 pr-2 text-gray-600 text-sm hover:text-gray-900"
      >
        <ChevronLeftIcon className="h-4 w-4" /> Back to Dashboard
      </Link>
      <h1 className="mb-6 font-bold text-2xl text-gray-900 tracking-tight">Settings</h1>
      <div className="flex flex-col gap-6 md:flex-row">
        <nav aria-label="Settings" className="md:w-56 md:shrink-0">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {menu.map((item) => (
              <li key={item.to} className="shrink-0">
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 font-medium text-sm ${
                      isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-white'
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
