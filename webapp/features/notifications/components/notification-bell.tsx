import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import {
  groupNotificationOf,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TOAST_MS,
  type NotificationDto,
  unreadBadgeText,
} from '../../../../shared/notifications/api';
import { BellIcon } from '../../../components/icons';
import { withGroupDetails, withPostDetails } from '../../../shared/post-details/post-details-host';
import { usePreferences } from '../../../shared/preferences/preferences';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationsRead,
  useNotifications,
} from '../api/notifications';
import { NotificationItem } from './notification-item';

/** The header's bell: unread badge ('99+' above 99), the panel, and a toast when one arrives. */
export function NotificationBell() {
  const { data, isError } = useNotifications();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const unread = data?.unreadCount ?? 0;
  const badge = unreadBadgeText(unread);

  useNotificationToasts();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="relative" ref={rootRef}>
      <button
        type="button"
        aria-label={badge ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-700"
      >
        <BellIcon className="h-6 w-6" />
        {badge && (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-[11px] font-semibold leading-5 text-white"
          >
            {badge}
          </span>
        )}
      </button>
      {open && (
        <NotificationPanel
          id={panelId}
          notifications={data?.notifications ?? []}
          hasUnread={unread > 0}
          isError={isError}
          onNavigate={() => setOpen(false)}
        />
      )}
    </div>
  );
}

function NotificationPanel({
  id,
  notifications,
  hasUnread,
  isError,
  onNavigate,
}: {
  id: string;
  notifications: NotificationDto[];
  hasUnread: boolean;
  isError: boolean;
  onNavigate: () => void;
}) {
  const location = useLocation();
  const markRead = useMarkNotificationsRead();
  const markAll = useMarkAllNotificationsRead();
  const { timezone, timeFormat } = usePreferences();
  const remove = useDeleteNotification();
  // A group's entry opens the group's details (each account's status and link); a post's, the post's.
  const viewLink = (notification: NotificationDto) => {
    const group = groupNotificationOf(notification);
    if (group) return withGroupDetails(location, group.groupId);
    return notification.data?.postId ? withPostDetails(location, notification.data.postId) : null;
  };

  return (
    <section
      id={id}
      aria-label="Notifications"
      className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-hidden rounded-xl border border-gray-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-12 sm:w-96"
    >
      <header className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
        <h2 className="font-semibold text-gray-900">Notifications</h2>
        <button
          type="button"
          disabled={!hasUnread || markAll.isPending}
          onClick={() =>
            markAll.mutate(undefined, {
              onSuccess: () => toast.success(NOTIFICATION_MESSAGES.allMarkedRead),
              onError: () => toast.error(NOTIFICATION_MESSAGES.markAllReadFailed),
            })
          }
          className="text-sm font-medium text-brand-600 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-gray-400"
        >
          Mark all as read
        </button>
      </header>
      <div className="max-h-[calc(70vh-3.5rem)] overflow-y-auto">
        {isError && <p className="px-4 py-3 text-sm text-red-600">Failed to load notifications.</p>}
        {!isError && notifications.length === 0 && (
          <p className="px-4 py-8 text-center text-sm text-gray-500">You have no notifications.</p>
        )}
        <ul className="divide-y divide-gray-100">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              viewLink={viewLink(notification)}
              onNavigate={onNavigate}
              timezone={timezone}
              timeFormat={timeFormat}
              onMarkRead={() =>
                markRead.mutate([notification.id], {
                  onError: () => toast.error(NOTIFICATION_MESSAGES.markReadFailed),
                })
              }
              onDelete={() =>
                remove.mutate(notification.id, {
                  onError: () => toast.error(NOTIFICATION_MESSAGES.deleteFailed),
                })
              }
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** A toast at the top-right for 5 seconds when a notification arrives live (spec 01 section 4). */
function useNotificationToasts() {
  useEffect(() => {
    const onNotification = (event: Event) => {
      const notification = (event as CustomEvent<NotificationDto>).detail;
      if (!notification?.title) return;
      const show =
        notification.type === 'post_failure'
          ? toast.error
          : notification.type === 'post_success'
            ? toast.success
            : toast;
      // A group's notification comes again as its accounts' outcomes arrive: one toast, updated.
      show(notification.title, {
        id: notification.id,
        description: notification.message,
        duration: NOTIFICATION_TOAST_MS,
      });
    };
    window.addEventListener('postloom:notification', onNotification);
    return () => window.removeEventListener('postloom:notification', onNotification);
  }, []);
}
