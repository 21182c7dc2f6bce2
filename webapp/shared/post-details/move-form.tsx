import { useEffect, useId, useState } from 'react';
import { utcToZonedTime, zonedTimeToUtc } from '../../../shared/time/zoned-time';
import { Button } from '../../components/button';

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * Moves a scheduled post (or a group's unsent posts) to another date and time, wall clock in the
 * user's zone: the keyboard's way to do what dragging does on the calendar.
 */
export function MoveForm({
  scheduledAt,
  timezone,
  onMove,
}: {
  scheduledAt: string;
  timezone: string;
  onMove: (iso: string) => void;
}) {
  const wall = utcToZonedTime(Date.parse(scheduledAt), timezone);
  const wallTime = `${pad(wall.hour)}:${pad(wall.minute)}`;
  const [date, setDate] = useState(wall.date);
  const [time, setTime] = useState(wallTime);
  const dateId = useId();
  const timeId = useId();
  // The post moved (or another opened): start from where it is now.
  useEffect(() => {
    setDate(wall.date);
    setTime(wallTime);
  }, [wall.date, wallTime]);
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-gray-100 border-t pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const [hour, minute] = time.split(':').map(Number);
        const iso = zonedTimeToUtc({ date, hour: hour ?? 0, minute: minute ?? 0 }, timezone).toISOString();
        onMove(iso);
      }}
    >
      <label htmlFor={dateId} className="flex flex-col gap-1 font-medium text-gray-700 text-sm">
        Move to date
        <input
          id={dateId}
          type="date"
          required
          value={date}
          onChange={(e) => setDate(e.target.value)}
          className="h-9 rounded-lg border border-gray-300 px-2 text-sm"
        />
      </label>
      <label htmlFor={timeId} className="flex flex-col gap-1 font-medium text-gray-700 text-sm">
        Time
        <input
          id={timeId}
          type="time"
          required
          value={time}
          onChange={(e) => setTime(e.target.value)}
          className="h-9 rounded-lg border border-gray-300 px-2 text-sm"
        />
      </label>
      <Button type="submit" variant="secondary" size="sm">
        Move post
      </Button>
    </form>
  );
}
