import { useId } from 'react';
import { Link } from 'react-router';
import { getPlatform } from '../../../../shared/platforms/registry';
import { QUEUE_LIMITS, type QueueRunMode } from '../../../../shared/queues/api';
import { DAY_NAMES, DAY_SHORT } from '../../../../shared/schedule/schedule';
import { formatTimeOfDay } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { PlusIcon, TrashIcon } from '../../../components/icons';
import { useAccounts } from '../../../shared/accounts/list-accounts';
import { usePreferences } from '../../../shared/preferences/preferences';
import { intervalLabel } from './queue-labels';

/** When a queue posts, as the dialogs edit it. */
export interface QueueRhythm {
  runMode: QueueRunMode;
  runTimes: string[];
  runDays: number[];
  scheduleAccountId: string | null;
}

export type RhythmErrors = Partial<Record<'runTimes' | 'runDays', string>>;

const pad = (n: number) => String(n).padStart(2, '0');
/** Every quarter hour of the day: the times offered, shown in the user's clock. */
const QUARTER_HOURS = Array.from({ length: 96 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);

/** A time an hour after the last one, for "Add a time". */
function nextTime(times: readonly string[]): string {
  const last = times.at(-1);
  if (!last) return '09:00';
  const hour = (Number(last.slice(0, 2)) + 1) % 24;
  return `${String(hour).padStart(2, '0')}:${last.slice(3)}`;
}

/**
 * "When it posts": every 24 hours (the spec's rhythm), at times of day chosen on chosen
 * weekdays, or at the posting schedule's times (the default ones, or an account's own).
 */
export function QueueRhythmFields({
  value,
  onChange,
  intervalHours,
  errors = {},
}: {
  value: QueueRhythm;
  onChange: (next: QueueRhythm) => void;
  intervalHours: number;
  errors?: RhythmErrors;
}) {
  const id = useId();
  const { timezone, timeFormat } = usePreferences();
  const accounts = useAccounts().data ?? [];
  const modes: Array<{ mode: QueueRunMode; label: string; hint: string }> = [
    {
      mode: 'interval',
      label: intervalLabel(intervalHours),
      hint: 'Counted from when the queue is created.',
    },
    { mode: 'times', label: 'At times I choose', hint: 'Times of day on the days you pick.' },
    { mode: 'schedule', label: 'At my posting times', hint: 'The times of your Posting Schedule.' },
  ];
  const set = (patch: Partial<QueueRhythm>) => onChange({ ...value, ...patch });

  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-medium text-gray-700 text-sm">When it posts</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {modes.map((option) => (
          <label
            key={option.mode}
            className={`flex cursor-pointer gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
              value.runMode === option.mode
                ? 'border-brand-600 bg-brand-50'
                : 'border-gray-300 hover:bg-gray-50'
            }`}
          >
            <input
              type="radio"
              name={`${id}-mode`}
              checked={value.runMode === option.mode}
              onChange={() =>
                set({
                  runMode: option.mode,
                  runTimes:
                    option.mode === 'times' && value.runTimes.length === 0 ? ['09:00'] : value.runTimes,
                })
              }
              className="mt-0.5 accent-brand-600"
            />
            <span>
              <span className="block font-medium text-gray-900">{option.label}</span>
              <span className="block text-gray-600">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>

      {value.runMode === 'times' ? (
        <div className="space-y-3 rounded-lg border border-gray-200 p-3">
          <div>
            <p id={`${id}-times`} className="mb-1 font-medium text-gray-700 text-sm">
              Times of day <span className="font-normal text-gray-500">({timezone})</span>
            </p>
            <ul aria-labelledby={`${id}-times`} className="flex flex-wrap gap-2">
              {value.runTimes.map((time, index) => (
                <li key={index} className="flex items-center gap-1">
                  <select
                    aria-label={`Time ${index + 1}`}
                    value={time}
                    onChange={(e) =>
                      set({ runTimes: value.runTimes.map((t, i) => (i === index ? e.target.value : t)) })
                    }
                    className="h-9 rounded-lg border border-gray-300 bg-white px-2 text-base sm:text-sm"
                  >
                    {/* A time set through the API off the quarter hours is kept as it is. */}
                    {(QUARTER_HOURS.includes(time) ? QUARTER_HOURS : [...QUARTER_HOURS, time].sort()).map(
                      (t) => (
                        <option key={t} value={t}>
                          {formatTimeOfDay(t, timeFormat)}
                        </option>
                      ),
                    )}
                  </select>
                  <button
                    type="button"
                    aria-label={`Remove time ${index + 1}`}
                    onClick={() => set({ runTimes: value.runTimes.filter((_, i) => i !== index) })}
                    className="rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-red-600"
                  >
                    <TrashIcon className="h-4 w-4" />
                  </button>
                </li>
              ))}
              {value.runTimes.length < QUEUE_LIMITS.runTimesMax ? (
                <li>
                  <Button
                    size="sm"
                    variant="ghost"
                    icon={<PlusIcon className="h-4 w-4" />}
                    onClick={() => set({ runTimes: [...value.runTimes, nextTime(value.runTimes)] })}
                  >
                    Add a time
                  </Button>
                </li>
              ) : null}
            </ul>
            {errors.runTimes ? <p className="mt-1 text-red-600 text-sm">{errors.runTimes}</p> : null}
          </div>
          <fieldset>
            <legend className="mb-1 font-medium text-gray-700 text-sm">Days</legend>
            <div className="flex flex-wrap gap-1.5">
              {DAY_SHORT.map((short, day) => {
                const on = value.runDays.includes(day);
                return (
                  <button
                    key={short}
                    type="button"
                    aria-pressed={on}
                    aria-label={DAY_NAMES[day]}
                    onClick={() =>
                      set({
                        runDays: on
                          ? value.runDays.filter((d) => d !== day)
                          : [...value.runDays, day].sort((a, b) => a - b),
                      })
                    }
                    className={`h-9 min-w-11 rounded-lg border px-2 font-medium text-sm ${
                      on
                        ? 'border-brand-600 bg-brand-600 text-white'
                        : 'border-gray-300 bg-white text-gray-700'
                    }`}
                  >
                    {short}
                  </button>
                );
              })}
            </div>
            {errors.runDays ? <p className="mt-1 text-red-600 text-sm">{errors.runDays}</p> : null}
          </fieldset>
        </div>
      ) : null}

      {value.runMode === 'schedule' ? (
        <div className="space-y-1 rounded-lg border border-gray-200 p-3">
          <label htmlFor={`${id}-whose`} className="block font-medium text-gray-700 text-sm">
            Whose posting times
          </label>
          <select
            id={`${id}-whose`}
            value={value.scheduleAccountId ?? ''}
            onChange={(e) => set({ scheduleAccountId: e.target.value || null })}
            className="h-10 w-full rounded-lg border border-gray-300 bg-white px-2 text-base sm:text-sm"
          >
            <option value="">My posting times (the default schedule)</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.accountName} ({getPlatform(account.platform).displayName})
              </option>
            ))}
          </select>
          <p className="text-gray-500 text-sm">
            An account without its own times uses the default ones.{' '}
            <Link to="/schedule" className="font-medium text-brand-600 hover:text-brand-700">
              Edit posting times
            </Link>
          </p>
        </div>
      ) : null}
    </fieldset>
  );
}
