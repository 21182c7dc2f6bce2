import { CALENDAR_LABEL_LENGTH, calendarPreview } from '../../../../shared/posts/constants';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTime } from '../../../../shared/time/format';
import { useLateGraceMinutes } from '../../../shared/app-config/get-app-config';
import { PlatformIcons } from '../../../shared/post-groups/account-status-list';
import { GroupStatusBadge } from '../../../shared/post-groups/group-status-badge';
import type { CalendarItem } from '../lib/calendar-items';
import { AccountsDisclosure } from './group-chip';
import { didNotGoOut } from './post-chip';

/**
 * A post group in the calendar's list (phones): one row with its accounts' network icons; the
 * row opens the group's details, the arrow lists each account with its status in place.
 */
export function GroupListRow({
  item,
  timezone,
  timeFormat,
  onOpen,
}: {
  item: CalendarItem;
  timezone: string;
  timeFormat: TimeFormat;
  onOpen: (groupId: string) => void;
}) {
  const time = formatTime(item.atMs, timezone, timeFormat);
  const grace = useLateGraceMinutes();
  const missed = item.posts.every((post) => didNotGoOut(post, grace));
  const preview = calendarPreview(item.posts[0]!.preview, CALENDAR_LABEL_LENGTH);
  return (
    <div
      className={`flex flex-wrap items-start gap-2 rounded-lg border border-gray-200 px-3 py-2 ${missed ? 'opacity-60' : ''}`}
    >
      <button
        type="button"
        onClick={() => onOpen(item.groupId!)}
        aria-label={`${time} post to ${item.posts.length} accounts: ${preview}`}
        className="flex min-w-0 flex-1 items-start gap-3 rounded text-left hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <PlatformIcons platforms={item.posts.map((post) => post.platform)} className="mt-0.5 h-5 w-5" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex flex-wrap items-center gap-2 text-xs">
            <span className="font-semibold text-gray-900">{time}</span>
            <span className="text-gray-500">{item.posts.length} accounts</span>
            <span className="ml-auto">
              <GroupStatusBadge statuses={item.posts.map((post) => post.status)} />
            </span>
          </span>
          <span className="mt-0.5 truncate text-gray-700 text-sm">{preview || '(no text)'}</span>
        </span>
      </button>
      <AccountsDisclosure item={item} />
    </div>
  );
}
