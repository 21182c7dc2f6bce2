import { getPlatform } from '../../../../shared/platforms/registry';
import type { CalendarPostDto } from '../../../../shared/posts/api';
import { CALENDAR_LABEL_LENGTH, calendarPreview } from '../../../../shared/posts/constants';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTime } from '../../../../shared/time/format';
import { utcToZonedTime } from '../../../../shared/time/zoned-time';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PlusIcon } from '../../../components/icons';
import { LoadingCard } from '../../../components/loading-card';
import { PlatformIcon } from '../../../components/platform-icon';
import { useLateGraceMinutes } from '../../../shared/app-config/get-app-config';
import { longDate, monthName } from '../lib/calendar-dates';
import { type CalendarItem, itemsByCell } from '../lib/calendar-items';
import { GroupListRow } from './group-list-row';
import { didNotGoOut } from './post-chip';

const BADGE: Record<string, string> = {
  posted: 'bg-green-50 text-green-700',
  failed: 'bg-red-50 text-red-700',
};

/**
 * A month's posts by day, for screens too narrow for the seven-column grids (phones open the
 * calendar here). Days without posts are left out, but for today; a future day's "+" composes
 * there, and a post opens the same details dialog (with its Move form) as in the grids.
 */
export function ListView({
  days,
  current,
  today,
  posts,
  loading,
  timezone,
  timeFormat,
  onDay,
  onOpen,
  onOpenGroup,
}: {
  days: string[];
  current: string;
  today: string;
  posts: CalendarPostDto[];
  loading: boolean;
  timezone: string;
  timeFormat: TimeFormat;
  onDay: (date: string) => void;
  onOpen: (post: CalendarPostDto) => void;
  onOpenGroup: (groupId: string) => void;
}) {
  if (loading) return <LoadingCard message="Loading posts..." />;
  // A group's posts of one day are one row.
  const byDay = itemsByCell(posts, (post) => utcToZonedTime(post.atMs, timezone).date);
  const shown = days.filter((day) => byDay.has(day) || day === today);
  if (shown.length === 0) {
    const future = days[days.length - 1]! >= today;
    return (
      <EmptyState
        title={`No posts in ${monthName(current)}`}
        description="Scheduled posts and posts sent in the last 30 days show here."
        action={
          future ? (
            <Button
              icon={<PlusIcon className="h-4 w-4" />}
              onClick={() => onDay(days.find((d) => d >= today)!)}
            >
              Create Post
            </Button>
          ) : null
        }
      />
    );
  }
  return (
    <ol className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
      {shown.map((day) => {
        const items: CalendarItem[] = byDay.get(day) ?? [];
        return (
          <li key={day} className="px-4 py-3">
            <div className="mb-2 flex items-center justify-between gap-2">
              <h3 className="font-semibold text-gray-900 text-sm">
                {longDate(day)}
                {day === today ? ' ' : null}
                {day === today ? (
                  <span className="ml-1 rounded-full bg-brand-600 px-2 py-0.5 font-medium text-white text-xs">
                    Today
                  </span>
                ) : null}
              </h3>
              {day >= today ? (
                <Button
                  variant="secondary"
                  size="icon"
                  aria-label={`${longDate(day)}: create a post`}
                  onClick={() => onDay(day)}
                >
                  <PlusIcon className="h-4 w-4" />
                </Button>
              ) : null}
            </div>
            {items.length === 0 ? (
              <p className="text-gray-500 text-sm">Nothing scheduled today.</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {items.map((item) => (
                  <li key={item.key}>
                    {item.groupId ? (
                      <GroupListRow
                        item={item}
                        timezone={timezone}
                        timeFormat={timeFormat}
                        onOpen={onOpenGroup}
                      />
                    ) : (
                      <ListRow
                        post={item.posts[0]!}
                        timezone={timezone}
                        timeFormat={timeFormat}
                        onOpen={onOpen}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function ListRow({
  post,
  timezone,
  timeFormat,
  onOpen,
}: {
  post: CalendarPostDto;
  timezone: string;
  timeFormat: TimeFormat;
  onOpen: (post: CalendarPostDto) => void;
}) {
  const time = formatTime(post.atMs, timezone, timeFormat);
  const missed = didNotGoOut(post, useLateGraceMinutes());
  return (
    <button
      type="button"
      onClick={() => onOpen(post)}
      aria-label={`${time} ${getPlatform(post.platform).displayName} post: ${calendarPreview(post.preview, CALENDAR_LABEL_LENGTH)}${missed ? ` (${post.status})` : ''}`}
      className={`flex w-full min-w-0 items-start gap-3 rounded-lg border border-gray-200 px-3 py-2 text-left hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500 ${
        missed ? 'opacity-60' : ''
      }`}
    >
      <PlatformIcon platform={post.platform} className="mt-0.5 h-5 w-5 shrink-0" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex items-center gap-2 text-xs">
          <span className="font-semibold text-gray-900">{time}</span>
          <span className="text-gray-500">{getPlatform(post.platform).displayName}</span>
          <span
            className={`ml-auto rounded-full px-2 py-0.5 font-medium capitalize ${BADGE[post.status] ?? 'bg-blue-50 text-blue-700'}`}
          >
            {post.status}
          </span>
        </span>
        <span className="mt-0.5 truncate text-gray-700 text-sm">
          {calendarPreview(post.preview, CALENDAR_LABEL_LENGTH) || '(no text)'}
        </span>
      </span>
    </button>
  );
}
