import { useState } from 'react';
import { toast } from 'sonner';
import { DAY_NAMES, type PostingTimeDto, SCHEDULE_TOASTS } from '../../../../shared/schedule/schedule';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatTimeOfDay } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CloseIcon } from '../../../components/icons';
import { useClearPostingTimes, useDeletePostingTime } from '../api/schedule';

/** The seven-day grid of posting times, with delete per time and Clear All Times. */
export function WeeklyGrid({
  times,
  timeFormat,
  accountId,
}: {
  times: PostingTimeDto[];
  timeFormat: TimeFormat;
  accountId: string | null;
}) {
  const remove = useDeletePostingTime();
  const clear = useClearPostingTimes();
  const [confirmClear, setConfirmClear] = useState(false);

  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-900">Weekly posting times</h2>
        <Button
          variant="secondary"
          size="sm"
          disabled={times.length === 0}
          onClick={() => setConfirmClear(true)}
        >
          Clear All Times
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7">
        {DAY_NAMES.map((name, day) => {
          const dayTimes = times.filter((time) => time.day === day);
          return (
            <section
              key={name}
              aria-label={name}
              className="rounded-lg border border-gray-200 bg-white p-3 lg:min-h-40"
            >
              <h3 className="mb-2 font-semibold text-gray-700 text-xs uppercase tracking-wide">{name}</h3>
              {dayTimes.length === 0 ? (
                <p className="text-gray-400 text-xs">No times</p>
              ) : (
                <ul className="flex flex-wrap gap-1.5 lg:flex-col">
                  {dayTimes.map((time) => (
                    <li
                      key={time.id}
                      className="flex items-center justify-between gap-1 rounded-md bg-brand-50 py-1 pr-1 pl-2 text-brand-800 text-sm"
                    >
                      <span>{formatTimeOfDay(time.time, timeFormat)}</span>
                      <button
                        type="button"
                        aria-label={`Delete ${formatTimeOfDay(time.time, timeFormat)} on ${name}`}
                        onClick={() => toast.promise(remove.mutateAsync(time.id), SCHEDULE_TOASTS.deleteTime)}
                        className="rounded p-0.5 text-brand-600 hover:bg-brand-100 hover:text-brand-900"
                      >
                        <CloseIcon className="h-3.5 w-3.5" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      <ConfirmDialog
        open={confirmClear}
        title="Clear All Times"
        message="Are you sure you want to remove every posting time of this schedule?"
        busy={clear.isPending}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          toast.promise(clear.mutateAsync(accountId), SCHEDULE_TOASTS.clearTimes);
        }}
      />
    </div>
  );
}
