import { BellIcon } from '../../../components/icons';

/**
 * The notification bell's place in the header. The notifications feature replaces this body with
 * the unread badge ('99+' above 99) and the panel; the header only renders <NotificationBellSlot />.
 */
export function NotificationBellSlot() {
  return (
    <button
      type="button"
      aria-label="Notifications"
      className="relative rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-700"
    >
      <BellIcon className="h-6 w-6" />
    </button>
  );
}
