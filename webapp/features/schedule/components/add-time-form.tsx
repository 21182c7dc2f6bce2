import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../../shared/http/api-error';
import { DAY_NAMES, SCHEDULE_TOASTS } from '../../../../shared/schedule/schedule';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { Button } from '../../../components/button';
import { useAddPostingTime } from '../api/schedule';

const HOURS_12 = Array.from({ length: 12 }, (_, i) => i + 1);
const HOURS_24 = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Spec 02 section 5: hour 01-12, minute 00-59, AM/PM, and Every Day or one weekday; on the
 * 24-hour clock the hour is 00-23 and there is no AM/PM (issue 21). The chosen hour is kept on
 * the 24-hour clock, so switching the clock keeps the time.
 */
export function AddTimeForm({ accountId, timeFormat }: { accountId: string | null; timeFormat: TimeFormat }) {
  const is12h = timeFormat === '12h';
  const add = useAddPostingTime();
  const [hour, setHour] = useState(9);
  const [minute, setMinute] = useState(0);
  const [day, setDay] = useState<'everyday' | number>('everyday');
  const ids = { hour: useId(), minute: useId(), period: useId(), day: useId() };
  const period: 'AM' | 'PM' = hour < 12 ? 'AM' : 'PM';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;

  function submit(event: FormEvent) {
    event.preventDefault();
    const clock = is12h ? { hour: hour12, period } : { hour };
    toast.promise(add.mutateAsync({ ...clock, minute, day, ...(accountId ? { accountId } : {}) }), {
      loading: SCHEDULE_TOASTS.addTime.loading,
      success: SCHEDULE_TOASTS.addTime.success,
      // A time already in the schedule says so; anything else is the spec's failure.
      error: (error) =>
        error instanceof ApiError && error.code === 'conflict'
          ? error.message
          : SCHEDULE_TOASTS.addTime.error,
    });
  }

  const select = 'h-10 rounded-lg border border-gray-300 bg-white px-2 text-sm';
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Add posting time">
      <label htmlFor={ids.hour} className="flex flex-col gap-1 font-medium text-gray-700 text-sm">
        Hour
        <select
          id={ids.hour}
          className={select}
          value={is12h ? hour12 : hour}
          onChange={(e) => {
            const chosen = Number(e.target.value);
            setHour(is12h ? (chosen % 12) + (period === 'PM' ? 12 : 0) : chosen);
          }}
        >
          {(is12h ? HOURS_12 : HOURS_24).map((h) => (
            <option key={h} value={h}>
              {pad(h)}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={ids.minute} className="flex flex-col gap-1 font-medium text-gray-700 text-sm">
        Minute
        <select
          id={ids.minute}
          className={select}
          value={minute}
          onChange={(e) => setMinute(Number(e.target.value))}
        >
          {MINUTES.map((m) => (
            <option key={m} value={m}>
              {pad(m)}
            </option>
          ))}
        </select>
      </label>
      {is12h ? (
        <label htmlFor={ids.period} className="flex flex-col gap-1 font-medium text-gray-700 text-sm">
          AM/PM
          <select
            id={ids.period}
            className={select}
            value={period}
            onChange={(e) => setHour((hour % 12) + (e.target.value === 'PM' ? 12 : 0))}
          >
            <option value="AM">AM</option>
            <option value="PM">PM</option>
          </select>
        </label>
      ) : null}
      <label htmlFor={ids.day} className="flex flex-col gap-1 font-medium text-gray-700 text-sm">
        Day
        <select
          id={ids.day}
          className={select}
          value={String(day)}
          onChange={(e) => setDay(e.target.value === 'everyday' ? 'everyday' : Number(e.target.value))}
        >
          <option value="everyday">Every Day</option>
          {DAY_NAMES.map((name, index) => (
            <option key={name} value={index}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" loading={add.isPending}>
        Add Time
      </Button>
    </form>
  );
}
