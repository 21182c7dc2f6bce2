import { useCallback, useEffect, useId, useState } from 'react';
import type { PlatformId } from '../../../../../shared/platforms/ids';
import { PLATFORMS } from '../../../../../shared/platforms/registry';
import { DATE_FILTER_LABELS, POST_SORT_LABELS, POST_SORTS } from '../../../../../shared/posts/constants';
import { AccountFilter } from '../../../../shared/accounts/account-filter';

export interface FilterValues {
  search: string;
  platform: string;
  /** '' for every account. */
  accountId: string;
  status: string;
  range: string;
  sort: 'newest' | 'oldest';
}

interface PostFiltersProps {
  value: FilterValues;
  onChange: (value: FilterValues) => void;
  statusOptions: readonly { value: string; label: string }[];
  ranges: readonly string[];
}

const fieldClass =
  'h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** Search (applied 300 ms after typing stops), platform, account, status, date range and sort. */
export function PostFilters({ value, onChange, statusOptions, ranges }: PostFiltersProps) {
  const id = useId();
  const [search, setSearch] = useState(value.search);
  // Below 640 px the four selects fold behind a 'More filters' button; search stays visible.
  const [isExpanded, setExpanded] = useState(false);
  const onAccount = useCallback((accountId: string) => onChange({ ...value, accountId }), [onChange, value]);
  useEffect(() => {
    if (search === value.search) return;
    const timer = setTimeout(() => onChange({ ...value, search }), 300);
    return () => clearTimeout(timer);
  }, [search, value, onChange]);

  return (
    <form
      aria-label="Filter posts"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...value, search });
      }}
      className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-search`} className="mb-1 block font-medium text-gray-600 text-xs">
          Search
        </label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Search posts..."
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={fieldClass}
        />
      </div>
      <button
        type="button"
        aria-expanded={isExpanded}
        aria-controls={`${id}-more`}
        onClick={() => setExpanded((v) => !v)}
        className="justify-self-start font-medium text-brand-700 text-sm sm:hidden"
      >
        {isExpanded ? 'Fewer filters' : 'More filters'}
      </button>
      <div
        id={`${id}-more`}
        className={`${isExpanded ? 'grid' : 'hidden'} grid-cols-1 gap-3 sm:col-span-2 sm:grid sm:grid-cols-2 lg:col-span-5 lg:grid-cols-5`}
      >
        <Select
          id={`${id}-platform`}
          label="Platform"
          value={value.platform}
          onChange={(platform) => onChange({ ...value, platform })}
        >
          <option value="">All platforms</option>
          {PLATFORMS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.displayName}
            </option>
          ))}
        </Select>
        <div>
          <label htmlFor={`${id}-account`} className="mb-1 block font-medium text-gray-600 text-xs">
            Account
          </label>
          <AccountFilter
            id={`${id}-account`}
            value={value.accountId}
            onChange={onAccount}
            platforms={value.platform ? [value.platform as PlatformId] : undefined}
            className={fieldClass}
          />
        </div>
        <Select
          id={`${id}-status`}
          label="Status"
          value={value.status}
          onChange={(status) => onChange({ ...value, status })}
        >
          {statusOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <Select
          id={`${id}-range`}
          label="Date range"
          value={value.range}
          onChange={(range) => onChange({ ...value, range })}
        >
          {ranges.map((range) => (
            <option key={range} value={range}>
              {DATE_FILTER_LABELS[range as keyof typeof DATE_FILTER_LABELS] ?? range}
            </option>
          ))}
        </Select>
        <Select
          id={`${id}-sort`}
          label="Sort"
          value={value.sort}
          onChange={(sort) => onChange({ ...value, sort: sort as FilterValues['sort'] })}
        >
          {POST_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {POST_SORT_LABELS[sort]}
            </option>
          ))}
        </Select>
      </div>
    </form>
  );
}

function Select({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-medium text-gray-600 text-xs">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={fieldClass}>
        {children}
      </select>
    </div>
  );
}
