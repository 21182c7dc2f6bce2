import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { toast } from 'sonner';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TOAST_MS,
  type NotificationDto,
  unreadBadgeText,
} from '../../../../shared/notifications/api';
import { formatDateTime } from '../../../../shared/time/format';
import { BellIcon } from '../../../components/icons';
import { withPostDetails } from '../../../shared/post-details/post-details-host';
import { usePreferences } from '../../../shared/preferences/preferences';
import {
  useDeleteNotification,
  useMarkAllNotificationsRead,
  useMarkNotificationsRead,
  useNotifications,
} from '../api/notifications';

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
            <li
              key={notification.id}
              className={`flex gap-3 px-4 py-3 ${notification.read ? 'bg-white' : 'bg-brand-50/60'}`}
            >
              <span
                aria-hidden="true"
                className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${dotColour(notification)}`}
              />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-gray-900">
                  {notification.title}
                  {!notification.read && <span className="sr-only"> (unread)</span>}
                </p>
                <p className="mt-0.5 break-words text-sm text-gray-600">{notification.message}</p>
                <div className="mt-1 flex flex-wrap items-center gap-3 text-xs text-gray-500">
                  <time dateTime={notification.createdAt}>
                    {formatDateTime(notification.createdAt, timezone, timeFormat)}
                  </time>
                  {notification.data?.postId && (
                    <Link
                      to={withPostDetails(location, notification.data.postId)}
                      onClick={onNavigate}
                      className="font-medium text-brand-600 hover:text-brand-700"
                    >
                      {notification.data.action === 'post_now' ? 'Open to Post Now' : 'View post'}
                    </Link>
                  )}
                  {notification.data?.action === 'subscribe' && (
                    <Link
                      to="/settings/subscription"
                      onClick={onNavigate}
                      className="font-medium text-brand-600 hover:text-brand-700"
                    >
                      Subscribe
                    </Link>
                  )}
                  {!notification.read && (
                    <button
                      type="button"
                      onClick={() =>
                        markRead.mutate([notification.id], {
                          onError: () => toast.error(NOTIFICATION_MESSAGES.markReadFailed),
                        })
                      }
                      className="font-medium text-gray-600 hover:text-gray-900"
                    >
                      Mark as read
                    </button>
                  )}
                  <button
                    type="button"
                    aria-label={`Delete notification: ${notification.title}`}
                    onClick={() =>
                      remove.mutate(notification.id, {
                        onError: () => toast.error(NOTIFICATION_MESSAGES.deleteFailed),
                      })
                    }
                    className="font-medium text-red-600 hover:text-red-700"
                  >
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function dotColour(notification: NotificationDto): string {
  if (notification.type === 'post_success') return 'bg-green-500';
  if (notification.type === 'post_failure') return 'bg-red-500';
  if (notification.type === 'account') return 'bg-amber-500';
  return 'bg-brand-500';
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
      show(notification.title, { description: notification.message, duration: NOTIFICATION_TOAST_MS });
    };
    window.addEventListener('postloom:notification', onNotification);
    return () => window.removeEventListener('postloom:notification', onNotification);
  }, []);
}
