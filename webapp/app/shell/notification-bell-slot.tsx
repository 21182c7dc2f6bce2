import { NotificationBell } from '../../features/notifications/components/notification-bell';

/** The notification bell's place in the header: the notifications feature fills it. */
export function NotificationBellSlot() {
  return <NotificationBell />;
}
