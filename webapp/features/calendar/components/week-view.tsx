import { useDroppable } from '@dnd-kit/core';
import type { CalendarPostDto } from '../../../../shared/posts/api';
import { DAY_SHORT } from '../../../../shared/schedule/schedule';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTimeOfDay } from '../../../../shared/time/format';
import { utcToZonedTime, weekdayOf } from '../../../../shared/time/zoned-time';
import { dayNumber, longDate } from '../lib/calendar-dates';
import { type CalendarItem, itemsByCell } from '../lib/calendar-items';
import { GroupChip } from './group-chip';
import { PostChip } from './post-chip';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function hourLabel(hour: number, format: TimeFormat): string {
  return formatTimeOfDay(`${String(hour).padStart(2, '0')}:00`, format);
}

interface WeekProps {
  days: string[];
  today: string;
  posts: CalendarPostDto[];
  slotTimes: Map<number, string[]>;
  timezone: string;
  timeFormat: TimeFormat;
  /** Clicked an hour: the instant it starts (for the composer) and whether it is still ahead. */
  onHour: (date: string, hour: number) => void;
  onOpen: (post: CalendarPostDto) => void;
  onOpenGroup: (groupId: string) => void;
}

/** Spec 02: 24 hourly rows for 7 days, posts in their hour, posting times as faint markers. */
export function WeekView(props: WeekProps) {
  // A group's posts of one hour are one chip.
  const byCell = itemsByCell(props.posts, (post) => {
    const wall = utcToZonedTime(post.atMs, props.timezone);
    return `${wall.date}:${wall.hour}`;
  });
  return (
    <div className="overflow-x-auto">
      <div className="grid min-w-[640px] grid-cols-[4rem_repeat(7,minmax(0,1fr))] border-gray-200 border-t border-l">
        <div className="border-gray-200 border-r border-b bg-gray-50" />
        {props.days.map((date) => (
          <div
            key={date}
            className={`border-gray-200 border-r border-b py-1 text-center text-xs ${
              date === props.today ? 'bg-brand-50 font-semibold text-brand-700' : 'bg-gray-50 text-gray-600'
            }`}
          >
            <span className="uppercase">{DAY_SHORT[weekdayOf(date)]}</span> {dayNumber(date)}
          </div>
        ))}
        {HOURS.map((hour) => (
          <HourRow key={hour} hour={hour} byCell={byCell} {...props} />
        ))}
      </div>
    </div>
  );
}

function HourRow({
  hour,
  byCell,
  ...props
}: WeekProps & { hour: number; byCell: Map<string, CalendarItem[]> }) {
  return (
    <>
      <div className="border-gray-200 border-r border-b px-1 py-1 text-right text-[11px] text-gray-400">
        {hourLabel(hour, props.timeFormat)}
      </div>
      {props.days.map((date) => (
        <HourCell key={date} date={date} hour={hour} items={byCell.get(`${date}:${hour}`) ?? []} {...props} />
      ))}
    </>
  );
}

function HourCell({
  date,
  hour,
  items,
  today,
  slotTimes,
  timezone,
  timeFormat,
  onHour,
  onOpen,
  onOpenGroup,
}: WeekProps & { date: string; hour: number; items: CalendarItem[] }) {
  const { setNodeRef, isOver } = useDroppable({ id: `hour:${date}:${hour}`, data: { date, hour } });
  const slots =
    date >= today
      ? (slotTimes.get(weekdayOf(date)) ?? []).filter((time) => Number(time.slice(0, 2)) === hour)
      : [];
  return (
    <div
      ref={setNodeRef}
      className={`relative min-h-12 border-gray-200 border-r border-b p-0.5 ${isOver ? 'bg-brand-50 ring-2 ring-brand-400 ring-inset' : ''}`}
    >
      <button
        type="button"
        aria-label={`${longDate(date)}, ${hourLabel(hour, timeFormat)}`}
        onClick={() => onHour(date, hour)}
        className="absolute inset-0 h-full w-full hover:bg-gray-50 focus-visible:ring-2 focus-visible:ring-brand-500"
      />
      {slots.map((slot) => (
        <span
          key={slot}
          title="Posting time"
          className="pointer-events-none relative block border-gray-300 border-t border-dashed text-[10px] text-gray-300"
        >
          {formatTimeOfDay(slot, timeFormat)}
        </span>
      ))}
      <div className="relative flex flex-col gap-0.5">
        {items.map((item) =>
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
      </div>
    </div>
  );
}
