import { useId } from 'react';
import type { AnalyticsFilters } from '../api/analytics';

const CHOICES = [
  ['facebook', 'Facebook'],
  ['instagram', 'Instagram'],
  ['linkedin', 'LinkedIn'],
  ['threads', 'Threads'],
  ['twitter', 'X'],
] as const;

/** Date range, compare range and platforms; an empty platform choice means the spec's default set. */
export function AnalyticsFiltersBar({
  value,
  onChange,
}: {
  value: AnalyticsFilters;
  onChange: (next: AnalyticsFilters) => void;
}) {
  const id = useId();
  const set = (patch: Partial<AnalyticsFilters>) => onChange({ ...value, ...patch });
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
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mb-1 text-sm font-medium text-gray-700">Platforms</legend>
        {CHOICES.map(([platform, label]) => (
          <label
            key={platform}
            className="flex items-center gap-1.5 rounded-full border border-gray-300 px-3 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="checkbox"
              checked={value.platforms.includes(platform)}
              onChange={() => toggle(platform)}
            />
            {label}
          </label>
        ))}
      </fieldset>
    </form>
  );
}
