import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { toast } from 'sonner';
import { LISTED_ZONES, SCHEDULE_TOASTS } from '../../../../shared/schedule/schedule';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { zoneLabel } from '../../../../shared/time/zones';
import { scheduleKeys } from '../../../lib/query-keys';
import { useUpdatePreferences } from '../../../shared/preferences/preferences';
import { ZoneNotice } from './zone-notice';

/**
 * The listed zones first, then every other zone the browser knows; the user's own zone is always
 * an option, listed or not (it is never swapped for a listed neighbour).
 */
function zoneOptions(current: string): { listed: string[]; others: string[] } {
  const listed = [...LISTED_ZONES] as string[];
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const others = known.filter((zone) => !listed.includes(zone));
  if (!listed.includes(current) && !others.includes(current)) others.unshift(current);
  return { listed, others };
}

/**
 * Time zone and 12h/24h: the user's preferences, so every time in the web app and the extension
 * follows them. Saving shows the spec's toast sequence.
 */
export function SchedulePreferences({ timezone, timeFormat }: { timezone: string; timeFormat: TimeFormat }) {
  const save = useUpdatePreferences();
  const queryClient = useQueryClient();
  const zoneId = useId();
  const { listed, others } = useMemo(() => zoneOptions(timezone), [timezone]);

  function change(input: { timezone?: string; timeFormat?: TimeFormat }) {
    const saved = save
      .mutateAsync(input)
      .then(() => queryClient.invalidateQueries({ queryKey: scheduleKeys.all }));
    toast.promise(saved, SCHEDULE_TOASTS.savePreferences);
  }

  return (
    <>
      <ZoneNotice timezone={timezone} busy={save.isPending} onUse={(zone) => change({ timezone: zone })} />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
        <label
          htmlFor={zoneId}
          className="flex min-w-0 flex-1 flex-col gap-1 font-medium text-gray-700 text-sm"
        >
          Time zone
          <select
            id={zoneId}
            value={timezone}
            disabled={save.isPending}
            onChange={(event) => change({ timezone: event.target.value })}
            className="h-10 w-full rounded-lg border border-gray-300 bg-white px-2 font-normal"
          >
            <optgroup label="Common time zones">
              {listed.map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone)}
                </option>
              ))}
            </optgroup>
            <optgroup label="All time zones">
              {others.map((zone) => (
                <option key={zone} value={zone}>
                  {zoneLabel(zone)}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium text-gray-700 text-sm">Time format</legend>
          <div className="inline-flex rounded-lg border border-gray-300 bg-white p-0.5">
            {(['12h', '24h'] as const).map((format) => (
              <button
                key={format}
                type="button"
                aria-pressed={timeFormat === format}
                disabled={save.isPending}
                onClick={() => format !== timeFormat && change({ timeFormat: format })}
                className={`h-9 rounded-md px-4 font-medium text-sm ${
                  timeFormat === format ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-50'
                }`}
              >
                {format === '12h' ? '12-hour' : '24-hour'}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
    </>
  );
}
