import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useId, useMemo, useState } from 'react';
import type { CalendarPostDto, PostDto } from '../../../../shared/posts/api';
import { utcToZonedTime, zonedTimeToUtc } from '../../../../shared/time/zoned-time';
import { Button } from '../../../components/button';
import { ChevronLeftIcon, PlusIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/page-header';
import { AccountFilter } from '../../../shared/accounts/account-filter';
import { openComposer } from '../../../shared/composer/create-post-host';
import { GroupDetailsDialog } from '../../../shared/post-details/group-details-dialog';
import { PostDetailsDialog } from '../../../shared/post-details/post-details-dialog';
import { PostMetricsLine } from '../../../shared/post-metrics/post-metrics-line';
import { usePreferences } from '../../../shared/preferences/preferences';
import { useSchedule } from '../../../shared/schedule/get-schedule';
import { useCalendarPosts } from '../api/calendar-posts';
import { ListView } from '../components/list-view';
import { MiniMonth } from '../components/mini-month';
import { MonthView } from '../components/month-view';
import { isMovable } from '../components/post-chip';
import { WeekView } from '../components/week-view';
import { useCalendarMoves } from '../hooks/use-calendar-moves';
import { type CalendarView, headerTitle, shift, todayIn, visibleRange } from '../lib/calendar-dates';
import type { CalendarItem } from '../lib/calendar-items';

const VIEWS: Array<{ id: CalendarView; label: string }> = [
  { id: 'month', label: 'Month' },
  { id: 'week', label: 'Week' },
  { id: 'list', label: 'List' },
];

/** Seven columns do not fit a phone: it opens the calendar as a list of the month's posts. */
function initialView(): CalendarView {
  return window.matchMedia('(max-width: 639px)').matches ? 'list' : 'month';
}

/**
 * `/calendar` (spec 02): month and week views in the user's time zone, the mini month picker,
 * Previous / Next / Today, Create Post, posts that open their details, and (beyond the spec)
 * dragging a scheduled post to another day (same time of day) or hour, with Undo. A post group is
 * one chip per cell with its accounts' network icons; dragging it moves every version not yet sent.
 */
export function CalendarPage() {
  const { timezone, timeFormat } = usePreferences();
  const today = todayIn(timezone);
  const [view, setView] = useState<CalendarView>(initialView);
  const [date, setDate] = useState(today);
  const [pickerMonth, setPickerMonth] = useState(today);
  const [openPostId, setOpenPostId] = useState<string | null>(null);
  const [openGroupId, setOpenGroupId] = useState<string | null>(null);
  const [accountId, setAccountId] = useState('');
  const accountFilterId = useId();
  const { days, from, to } = useMemo(() => visibleRange(view, date, timezone), [view, date, timezone]);
  const query = useCalendarPosts(from, to, accountId);
  const posts = query.data ?? [];
  const schedule = useSchedule(null).data?.schedule;
  const slotTimes = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const time of schedule?.times ?? []) map.set(time.day, [...(map.get(time.day) ?? []), time.time]);
    return map;
  }, [schedule]);
  const { movePost, moveGroup } = useCalendarMoves(timezone, timeFormat);
  const sensors = useSensors(
    // A click opens the post; only a real drag moves it.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  function go(next: string) {
    setDate(next);
    setPickerMonth(next);
  }

  /** Clicking a day: the composer for today and later (at the day's first good hour), else just the day. */
  function onDay(day: string) {
    if (day >= today) openComposer({ date: day });
    else go(day);
  }

  /** Clicking an hour: the composer for the current hour and later (at the shared default time), else the day. */
  function onHour(day: string, hour: number) {
    const start = zonedTimeToUtc({ date: day, hour, minute: 0 }, timezone).getTime();
    if (start + 3_600_000 <= Date.now()) {
      go(day);
      return;
    }
    openComposer({ date: day, hour });
  }

  function onDragEnd(event: DragEndEvent) {
    const dragged = event.active.data.current as { post?: CalendarPostDto; item?: CalendarItem } | undefined;
    const target = event.over?.data.current as { date: string; hour?: number } | undefined;
    if (!dragged || !target) return;
    // A group moves from the time of its first version that can move.
    const post = dragged.post ?? dragged.item?.posts.find((candidate) => isMovable(candidate));
    if (!post || !isMovable(post)) return;
    const wall = utcToZonedTime(post.atMs, timezone);
    const hour = target.hour ?? wall.hour;
    if (target.date === wall.date && hour === wall.hour) return;
    // A day keeps the post's time of day; an hour of the week view keeps its minutes.
    const iso = zonedTimeToUtc({ date: target.date, hour, minute: wall.minute }, timezone).toISOString();
    if (dragged.item?.groupId) void moveGroup(dragged.item.groupId, post.atMs, iso);
    else void movePost(post, iso);
  }

  return (
    <>
      <PageHeader
        title="Calendar View"
        description={`Scheduled posts and posts sent in the last 30 days. Times in ${timezone.replace(/_/g, ' ')}.`}
        actions={
          <Button icon={<PlusIcon className="h-4 w-4" />} onClick={() => openComposer({})}>
            Create Post
          </Button>
        }
      />
      <div className="flex flex-col gap-6 lg:flex-row">
        {/* On a phone, Previous / Next / Today are the date picker: the list comes first. */}
        <aside className="hidden sm:block lg:w-64 lg:shrink-0">
          <MiniMonth
            month={pickerMonth}
            selected={date}
            today={today}
            onMonth={setPickerMonth}
            onSelect={go}
          />
        </aside>
        <section aria-label="Calendar" className="min-w-0 flex-1">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <Button
                variant="secondary"
                size="icon"
                aria-label="Previous"
                onClick={() => go(shift(view, date, -1))}
              >
                <ChevronLeftIcon className="h-4 w-4" />
              </Button>
              <Button
                variant="secondary"
                size="icon"
                aria-label="Next"
                onClick={() => go(shift(view, date, 1))}
              >
                <ChevronLeftIcon className="h-4 w-4 rotate-180" />
              </Button>
              <Button variant="secondary" size="sm" onClick={() => go(today)}>
                Today
              </Button>
              <h2 className="ml-2 font-semibold text-gray-900 text-lg" aria-live="polite">
                {headerTitle(view, date)}
              </h2>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <label htmlFor={accountFilterId} className="sr-only">
                Account
              </label>
              <AccountFilter
                id={accountFilterId}
                value={accountId}
                onChange={setAccountId}
                className="h-8 max-w-56 rounded-lg border border-gray-300 bg-white px-2 text-sm"
              />
              <span className="hidden text-gray-500 text-xs sm:inline" title="Your time zone">
                {timezone.replace(/_/g, ' ')}
              </span>
              <fieldset className="inline-flex rounded-lg border border-gray-300 bg-white p-0.5">
                <legend className="sr-only">View</legend>
                {VIEWS.map((option) => (
                  <button
                    key={option.id}
                    type="button"
                    aria-pressed={view === option.id}
                    onClick={() => setView(option.id)}
                    className={`h-8 rounded-md px-3 font-medium text-sm ${
                      view === option.id ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-50'
                    }`}
                  >
                    {option.label}
                  </button>
                ))}
              </fieldset>
            </div>
          </div>
          {query.isError ? (
            <p role="alert" className="mb-2 text-red-600 text-sm">
              Error loading posts: {query.error instanceof Error ? query.error.message : 'please try again'}
            </p>
          ) : null}
          <DndContext sensors={sensors} onDragEnd={onDragEnd}>
            {view === 'month' ? (
              <MonthView
                days={days}
                current={date}
                today={today}
                posts={posts}
                slotTimes={slotTimes}
                timezone={timezone}
                timeFormat={timeFormat}
                onDay={onDay}
                onOpen={(post) => setOpenPostId(post.id)}
                onOpenGroup={setOpenGroupId}
                onMore={(day) => {
                  go(day);
                  setView('week');
                }}
              />
            ) : view === 'list' ? (
              // An error is said above; an empty list under it would read as "no posts".
              query.isError ? null : (
                <ListView
                  days={days}
                  current={date}
                  today={today}
                  posts={posts}
                  loading={query.isPending}
                  timezone={timezone}
                  timeFormat={timeFormat}
                  onDay={onDay}
                  onOpen={(post) => setOpenPostId(post.id)}
                  onOpenGroup={setOpenGroupId}
                />
              )
            ) : (
              <WeekView
                days={days}
                today={today}
                posts={posts}
                slotTimes={slotTimes}
                timezone={timezone}
                timeFormat={timeFormat}
                onHour={onHour}
                onOpen={(post) => setOpenPostId(post.id)}
                onOpenGroup={setOpenGroupId}
              />
            )}
          </DndContext>
        </section>
      </div>
      <PostDetailsDialog
        postId={openPostId}
        onClose={() => setOpenPostId(null)}
        timezone={timezone}
        timeFormat={timeFormat}
        extra={(post) => (post.status === 'posted' ? <PostMetricsLine metrics={post.metrics} /> : null)}
        onMove={(post: PostDto, iso) =>
          void movePost({ id: post.id, atMs: Date.parse(post.scheduledAt ?? iso) }, iso)
        }
      />
      <GroupDetailsDialog
        groupId={openGroupId}
        onClose={() => setOpenGroupId(null)}
        timezone={timezone}
        timeFormat={timeFormat}
        onMove={(group, iso) => {
          const from = group.posts.find((post) => post.status === 'scheduled')?.scheduledAt ?? iso;
          void moveGroup(group.id, Date.parse(from), iso);
        }}
      />
    </>
  );
}
