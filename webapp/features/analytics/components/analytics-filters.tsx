import { useCallback, useId } from 'react';
import { ANALYTICS_PLATFORMS } from '../../../../shared/analytics/api';
import { getPlatform } from '../../../../shared/platforms/registry';
import { AccountFilter } from '../../../shared/accounts/account-filter';
import type { AnalyticsFilters } from '../api/analytics';

/**
 * Date range, compare range, platforms and one account; no platform chosen means all of them. A
 * chosen account stands for its platform, so the platform choice waits until it is cleared.
 */
export function AnalyticsFiltersBar({
  value,
  onChange,
}: {
  value: AnalyticsFilters;
  onChange: (next: AnalyticsFilters) => void;
}) {
  const id = useId();
  const set = (patch: Partial<AnalyticsFilters>) => onChange({ ...value, ...patch });
  const setAccount = useCallback((accountId: string) => onChange({ ...value, accountId }), [onChange, value]);
  const toggle = (platform: string) =>
    set({
      platforms: value.platforms.includes(platform)
        ? value.platforms.filter((p) => p !== platform)
        : [...value.platforms, platform],
    });
  const input = 'h-9 rounded-md border border-gray-300 px-2 text-sm';
  return (
    <form
      className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm lg:flex-row lg:flex-wrap lg:items-end"
      aria-label="Analytics filters"
      onSubmit={(event) => event.preventDefault()}
    >
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-700">Date range</legend>
        <label className="flex flex-col text-xs text-gray-500" htmlFor={`${id}-from`}>
          From
          <input
            id={`${id}-from`}
            type="date"
            className={input}
            value={value.from}
            max={value.to}
            required
            onChange={(e) => e.target.value && set({ from: e.target.value })}
          />
        </label>
        <label className="flex flex-col text-xs text-gray-500" htmlFor={`${id}-to`}>
          To
          <input
            id={`${id}-to`}
            type="date"
            className={input}
            value={value.to}
            min={value.from}
            required
            onChange={(e) => e.target.value && set({ to: e.target.value })}
          />
        </label>
      </fieldset>
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-700">Compare with</legend>
        <label className="flex flex-col text-xs text-gray-500" htmlFor={`${id}-cfrom`}>
          From
          <input
            id={`${id}-cfrom`}
            type="date"
            className={input}
            value={value.compareFrom}
            max={value.compareTo}
            required
            onChange={(e) => e.target.value && set({ compareFrom: e.target.value })}
          />
        </label>
        <label className="flex flex-col text-xs text-gray-500" htmlFor={`${id}-cto`}>
          To
          <input
            id={`${id}-cto`}
            type="date"
            className={input}
            value={value.compareTo}
            min={value.compareFrom}
            required
            onChange={(e) => e.target.value && set({ compareTo: e.target.value })}
          />
        </label>
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-2" disabled={Boolean(value.accountId)}>
        <legend className="mb-1 text-sm font-medium text-gray-700">Platforms</legend>
        {ANALYTICS_PLATFORMS.map((platform) => (
          <label
            key={platform}
            className="flex items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:opacity-60"
          >
            <input
              type="checkbox"
              checked={value.platforms.includes(platform)}
              onChange={() => toggle(platform)}
            />
            {getPlatform(platform).displayName}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col text-sm font-medium text-gray-700" htmlFor={`${id}-account`}>
        Account
        <AccountFilter
          id={`${id}-account`}
          value={value.accountId}
          onChange={setAccount}
          platforms={ANALYTICS_PLATFORMS}
          className="mt-1 h-9 max-w-xs rounded-md border border-gray-300 bg-white px-2 font-normal text-sm"
        />
      </label>
    </form>
  );
}
