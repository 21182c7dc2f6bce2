import { Link, type To } from 'react-router';
import { groupNotificationOf, type NotificationDto } from '../../../../shared/notifications/api';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatDateTime } from '../../../../shared/time/format';
import { AccountStatusList } from '../../../shared/post-groups/account-status-list';

function dotColour(notification: NotificationDto): string {
  if (notification.type === 'post_success') return 'bg-green-500';
  if (notification.type === 'post_failure') return 'bg-red-500';
  if (notification.type === 'account') return 'bg-amber-500';
  return 'bg-brand-500';
}

/**
 * One notification in the bell's panel. A post group's ('Posted to 3 of 4 accounts') lists each
 * account's status and the failure's reason instead of its message, and "View post" opens the
 * group's details.
 */
export function NotificationItem({
  notification,
  viewLink,
  timezone,
  timeFormat,
  onNavigate,
  onMarkRead,
  onDelete,
}: {
  notification: NotificationDto;
  /** Where "View post" goes (the post's or the group's details), or null without a post. */
  viewLink: To | null;
  timezone: string;
  timeFormat: TimeFormat;
  onNavigate: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
}) {
  const group = groupNotificationOf(notification);
  return (
    <li className={`flex gap-3 px-4 py-3 ${notification.read ? 'bg-white' : 'bg-brand-50/60'}`}>
      <span
        aria-hidden="true"
        className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${dotColour(notification)}`}
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium text-gray-900 text-sm">
          {notification.title}
          {!notification.read && <span className="sr-only"> (unread)</span>}
        </p>
        {group ? (
          <div className="mt-1.5">
            <AccountStatusList accounts={group.accounts} dense />
          </div>
        ) : (
          <p className="mt-0.5 break-words text-gray-600 text-sm">{notification.message}</p>
        )}
        <div className="mt-1 flex flex-wrap items-center gap-3 text-gray-500 text-xs">
          <time dateTime={notification.createdAt}>
            {formatDateTime(notification.createdAt, timezone, timeFormat)}
          </time>
          {viewLink && (
            <Link
              to={viewLink}
              onClick={onNavigate}
              className="font-medium text-brand-600 hover:text-brand-700"
            >
              {notification.data?.action === 'post_now' ? 'Open to Post Now' : 'View post'}
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
              onClick={onMarkRead}
              className="font-medium text-gray-600 hover:text-gray-900"
            >
              Mark as read
            </button>
          )}
          <button
            type="button"
            aria-label={`Delete notification: ${notification.title}`}
            onClick={onDelete}
            className="font-medium text-red-600 hover:text-red-700"
          >
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
