import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { defaultPostTime } from '../../../shared/posts/post-timing';
import { formatDayHeading, formatMonthYear } from '../../../shared/time/format';
import { utcToZonedTime, weekdayOf, zonedTimeToUtc } from '../../../shared/time/zoned-time';
import { Button } from '../../components/button';
import { ChevronLeftIcon } from '../../components/icons';
import type { TimeFormat } from '../preferences/preferences';

/** A calendar date of the picker (no instant, no zone): 'Wednesday, November 25, 2026'. */
function wallDateLabel(year: number, month: number, day: number): string {
  return formatDayHeading(Date.UTC(year, month, day, 12), 'UTC');
}

interface DateTimePickerProps {
  /** The current choice (UTC ISO) or null for the default time of a new post. */
  value: string | null;
  timezone: string;
  timeFormat: TimeFormat;
  onConfirm: (iso: string) => void;
  onClose: () => void;
}

/** YYYY-MM-DD of a picker date (month 0-11). */
function keyOf(year: number, month: number, day: number): string {
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function dateParts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year: year!, month: month! - 1, day: day! };
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Spec 02 section 2: a date view (month grid starting Monday, previous/next month) and a time view
 * (hour, minute and AM/PM selects in 12h mode; 24 hours otherwise), with Set Time / Set Date, Today
 * and Confirm. Everything is shown and chosen in the user's timezone; Confirm hands back UTC ISO.
 */
export function DateTimePicker({ value, timezone, timeFormat, onConfirm, onClose }: DateTimePickerProps) {
  const initial = useMemo(() => {
    const wall = utcToZonedTime(value ? Date.parse(value) : defaultPostTime(Date.now(), timezone), timezone);
    return { ...dateParts(wall.date), hour: wall.hour, minute: wall.minute };
  }, [value, timezone]);
  const [view, setView] = useState<'date' | 'time'>('date');
  const [selected, setSelected] = useState({ year: initial.year, month: initial.month, day: initial.day });
  const [shown, setShown] = useState({ year: initial.year, month: initial.month });
  const [hour, setHour] = useState(initial.hour);
  const [minute, setMinute] = useState(initial.minute);
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const todayKey = utcToZonedTime(Date.now(), timezone).date;
  const today = dateParts(todayKey);
  const leading = (weekdayOf(keyOf(shown.year, shown.month, 1)) + 6) % 7; // Monday-first grid
  const daysInMonth = new Date(Date.UTC(shown.year, shown.month + 1, 0)).getUTCDate();
  const cells: (number | null)[] = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length: daysInMonth }, (_, i) => i + 1),
  ];

  function moveMonth(delta: number) {
    const next = new Date(Date.UTC(shown.year, shown.month + delta, 1));
    setShown({ year: next.getUTCFullYear(), month: next.getUTCMonth() });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  }

  const isPm = hour >= 12;
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  function setHour12(h12: number, pm: boolean) {
    setHour((h12 % 12) + (pm ? 12 : 0));
  }

  const selectClass = 'h-10 rounded-lg border border-gray-300 bg-white px-2 text-sm';
  return (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className="absolute bottom-full left-0 z-20 mb-2 w-[19rem] max-w-[calc(100vw-2rem)] rounded-xl border border-gray-200 bg-white p-3 shadow-xl"
    >
      <h3 id={titleId} className="sr-only">
        Choose date and time
      </h3>
      {view === 'date' ? (
        <div>
          <div className="mb-2 flex items-center justify-between">
            <button
              type="button"
              aria-label="Previous month"
              onClick={() => moveMonth(-1)}
              className="rounded-md p-1.5 text-gray-600 hover:bg-gray-100"
            >
              <ChevronLeftIcon className="h-4 w-4" />
            </button>
            <span className="font-medium text-gray-900 text-sm" aria-live="polite">
              {formatMonthYear(Date.UTC(shown.year, shown.month, 1, 12), 'UTC')}
            </span>
            <button
              type="button"
              aria-label="Next month"
              onClick={() => moveMonth(1)}
              className="rounded-md p-1.5 text-gray-600 hover:bg-gray-100"
            >
              <ChevronLeftIcon className="h-4 w-4 rotate-180" />
            </button>
          </div>
          <div className="grid grid-cols-7 gap-1 text-center text-gray-500 text-xs" aria-hidden="true">
            {WEEKDAYS.map((day) => (
              <span key={day}>{day}</span>
            ))}
          </div>
          <div className="mt-1 grid grid-cols-7 gap-1">
            {cells.map((day, index) => {
              if (day === null) return <span key={`blank-${index}`} />;
              const key = keyOf(shown.year, shown.month, day);
              const isSelected =
                selected.year === shown.year && selected.month === shown.month && selected.day === day;
              const isPast = key < todayKey;
              return (
                <button
                  key={key}
                  type="button"
                  disabled={isPast}
                  aria-pressed={isSelected}
                  aria-label={wallDateLabel(shown.year, shown.month, day)}
                  data-autofocus={isSelected ? '' : undefined}
                  onClick={() => setSelected({ year: shown.year, month: shown.month, day })}
                  className={`h-9 rounded-lg text-sm ${
                    isSelected
                      ? 'bg-brand-600 font-semibold text-white'
                      : key === todayKey
                        ? 'border border-brand-500 text-brand-700 hover:bg-brand-50'
                        : 'text-gray-800 hover:bg-gray-100'
                  } disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent`}
                >
                  {day}
                </button>
              );
            })}
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-2 py-2">
          <label htmlFor={`${titleId}-hour`} className="flex flex-col text-gray-600 text-xs">
            Hour
            {timeFormat === '12h' ? (
              <select
                id={`${titleId}-hour`}
                data-autofocus=""
                className={selectClass}
                value={hour12}
                onChange={(e) => setHour12(Number(e.target.value), isPm)}
              >
                {Array.from({ length: 12 }, (_, i) => i + 1).map((h) => (
                  <option key={h} value={h}>
                    {String(h).padStart(2, '0')}
                  </option>
                ))}
              </select>
            ) : (
              <select
                id={`${titleId}-hour`}
                data-autofocus=""
                className={selectClass}
                value={hour}
                onChange={(e) => setHour(Number(e.target.value))}
              >
                {Array.from({ length: 24 }, (_, h) => h).map((h) => (
                  <option key={h} value={h}>
                    {String(h).padStart(2, '0')}
                  </option>
                ))}
              </select>
            )}
          </label>
          <label className="flex flex-col text-gray-600 text-xs">
            Minute
            <select
              className={selectClass}
              value={minute}
              onChange={(e) => setMinute(Number(e.target.value))}
            >
              {Array.from({ length: 60 }, (_, m) => m).map((m) => (
                <option key={m} value={m}>
                  {String(m).padStart(2, '0')}
                </option>
              ))}
            </select>
          </label>
          {timeFormat === '12h' ? (
            <label className="flex flex-col text-gray-600 text-xs">
              AM/PM
              <select
                className={selectClass}
                value={isPm ? 'PM' : 'AM'}
                onChange={(e) => setHour12(hour12, e.target.value === 'PM')}
              >
                <option value="AM">AM</option>
                <option value="PM">PM</option>
              </select>
            </label>
          ) : null}
          <p className="w-full text-gray-500 text-xs">
            {wallDateLabel(selected.year, selected.month, selected.day)} ({timezone})
          </p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap justify-between gap-2 border-gray-100 border-t pt-3">
        <Button size="sm" variant="secondary" onClick={() => setView(view === 'date' ? 'time' : 'date')}>
          {view === 'date' ? 'Set Time' : 'Set Date'}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setSelected(today);
            setShown({ year: today.year, month: today.month });
          }}
        >
          Today
        </Button>
        <Button
          size="sm"
          onClick={() =>
            onConfirm(
              zonedTimeToUtc(
                { date: keyOf(selected.year, selected.month, selected.day), hour, minute },
                timezone,
              ).toISOString(),
            )
          }
        >
          Confirm
        </Button>
      </div>
    </div>
  );
}
