import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { DAY_NAMES, SCHEDULE_TOASTS } from '../../../../shared/schedule/schedule';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { useAddPostingTime } from '../api/schedule';

const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);
const pad = (n: number) => String(n).padStart(2, '0');

/** Spec 02 section 5: hour 01-12, minute 00-59, AM/PM, and Every Day or one weekday. */
export function AddTimeForm({ accountId }: { accountId: string | null }) {
  const add = useAddPostingTime();
  const [hour, setHour] = useState(9);
  const [minute, setMinute] = useState(0);
  const [period, setPeriod] = useState<'AM' | 'PM'>('AM');
  const [day, setDay] = useState<'everyday' | number>('everyday');
  const ids = { hour: useId(), minute: useId(), period: useId(), day: useId() };

  function submit(event: FormEvent) {
    event.preventDefault();
    toast.promise(add.mutateAsync({ hour, minute, period, day, ...(accountId ? { accountId } : {}) }), {
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
          value={hour}
          onChange={(e) => setHour(Number(e.target.value))}
        >
          {HOURS.map((h) => (
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
      <label htmlFor={ids.period} className="flex flex-col gap-1 font-medium text-gray-700 text-sm">
        AM/PM
        <select
          id={ids.period}
          className={select}
          value={period}
          onChange={(e) => setPeriod(e.target.value as 'AM' | 'PM')}
        >
          <option value="AM">AM</option>
          <option value="PM">PM</option>
        </select>
      </label>
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
