import { useDroppable } from '@dnd-kit/core';
import type { CalendarPostDto } from '../../../../shared/posts/api';
import { DAY_SHORT } from '../../../../shared/schedule/schedule';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTimeOfDay } from '../../../../shared/time/format';
import { utcToZonedTime, weekdayOf } from '../../../../shared/time/zoned-time';
import { dayNumber, longDate, sameMonth } from '../lib/calendar-dates';
import { type CalendarItem, itemsByCell } from '../lib/calendar-items';
import { GroupChip } from './group-chip';
import { PostChip } from './post-chip';

const MAX_CHIPS = 3;

interface ViewProps {
  days: string[];
  current: string;
  today: string;
  posts: CalendarPostDto[];
  slotTimes: Map<number, string[]>;
  timezone: string;
  timeFormat: TimeFormat;
  onDay: (date: string) => void;
  onOpen: (post: CalendarPostDto) => void;
  onOpenGroup: (groupId: string) => void;
  onMore: (date: string) => void;
}

/** Spec 02: a Sunday-to-Saturday month grid, 800 px high. */
export function MonthView(props: ViewProps) {
  // A group's posts of one day are one chip.
  const byDay = itemsByCell(props.posts, (post) => utcToZonedTime(post.atMs, props.timezone).date);
  return (
    <div className="overflow-x-auto">
      <div
        className="grid min-w-[640px] grid-cols-7 border-gray-200 border-t border-l"
        // The weekday names take their own height; the six weeks share the rest.
        style={{ height: 800, gridTemplateRows: 'auto repeat(6, minmax(0, 1fr))' }}
      >
        {DAY_SHORT.map((name) => (
          <div
            key={name}
            className="border-gray-200 border-r border-b bg-gray-50 py-1 text-center font-semibold text-gray-500 text-xs uppercase"
          >
            {name}
          </div>
        ))}
        {props.days.map((date) => (
          <DayCell key={date} {...props} date={date} items={byDay.get(date) ?? []} />
        ))}
      </div>
    </div>
  );
}

function DayCell({
  date,
  items,
  current,
  today,
  slotTimes,
  timezone,
  timeFormat,
  onDay,
  onOpen,
  onOpenGroup,
  onMore,
}: ViewProps & { date: string; items: CalendarItem[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: `day:${date}`, data: { date } });
  const isToday = date === today;
  const future = date >= today;
  const slots = future ? (slotTimes.get(weekdayOf(date)) ?? []) : [];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the whole cell is a mouse target; the day number button is the keyboard's
    // biome-ignore lint/a11y/useKeyWithClickEvents: the day number button is the keyboard path
    <div
      ref={setNodeRef}
      onClick={() => onDay(date)}
      className={`flex min-h-0 flex-col gap-0.5 overflow-hidden border-gray-200 border-r border-b p-1 ${
        sameMonth(date, current) ? 'bg-white' : 'bg-gray-50 text-gray-400'
      } ${isOver ? 'bg-brand-50 ring-2 ring-brand-400 ring-inset' : ''} ${future ? 'cursor-pointer' : ''}`}
    >
      <button
        type="button"
        onClick={(event) => {
          event.stopPropagation();
          onDay(date);
        }}
        aria-label={`${longDate(date)}${future ? ': create a post' : ''}`}
        className={`self-start rounded-full px-1.5 font-medium text-xs ${
          isToday ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100'
        }`}
      >
        {dayNumber(date)}
      </button>
      {items
        .slice(0, MAX_CHIPS)
        .map((item) =>
          item.groupId ? (
            <GroupChip
              key={item.key}
              item={item}
              timezone={timezone}
              timeFormat={timeFormat}
              onOpen={onOpenGroup}
            />
          ) : (
            <PostChip
              key={item.key}
              post={item.posts[0]!}
              timezone={timezone}
              timeFormat={timeFormat}
              onOpen={onOpen}
            />
          ),
        )}
      {items.length > MAX_CHIPS ? (
        <button
          type="button"
          onClick={(event) => {
            event.stopPropagation();
            onMore(date);
          }}
          className="self-start rounded px-1 text-brand-700 text-xs hover:underline"
        >
          +{items.length - MAX_CHIPS} more
        </button>
      ) : null}
      {slots.length > 0 ? (
        <p className="mt-auto truncate text-[10px] text-gray-300" title="Posting times">
          {slots.map((slot) => formatTimeOfDay(slot, timeFormat)).join(' · ')}
        </p>
      ) : null}
    </div>
  );
}
