import { DAY_SHORT } from '../../../../shared/schedule/schedule';
import { ChevronLeftIcon } from '../../../components/icons';
import { dayNumber, longDate, monthGrid, monthName, sameMonth, shift } from '../lib/calendar-dates';

/** The small month picker: choosing a day shows it in the main view. */
export function MiniMonth({
  month,
  selected,
  today,
  onMonth,
  onSelect,
}: {
  month: string;
  selected: string;
  today: string;
  onMonth: (month: string) => void;
  onSelect: (date: string) => void;
}) {
  return (
    <div className="w-full max-w-64 rounded-xl border border-gray-200 bg-white p-3 text-sm">
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          aria-label="Previous month"
          onClick={() => onMonth(shift('month', month, -1))}
          className="rounded p-1 text-gray-600 hover:bg-gray-100"
        >
          <ChevronLeftIcon className="h-4 w-4" />
        </button>
        <span className="font-medium text-gray-900">{monthName(month)}</span>
        <button
          type="button"
          aria-label="Next month"
          onClick={() => onMonth(shift('month', month, 1))}
          className="rounded p-1 text-gray-600 hover:bg-gray-100"
        >
          <ChevronLeftIcon className="h-4 w-4 rotate-180" />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-0.5 text-center">
        {DAY_SHORT.map((name) => (
          <span key={name} className="text-[10px] text-gray-400 uppercase">
            {name.slice(0, 2)}
          </span>
        ))}
        {monthGrid(month).map((date) => (
          <button
            key={date}
            type="button"
            aria-label={longDate(date)}
            aria-pressed={date === selected}
            onClick={() => onSelect(date)}
            className={`h-7 rounded-full text-xs ${
              date === selected
                ? 'bg-brand-600 text-white'
                : date === today
                  ? 'font-semibold text-brand-700'
                  : sameMonth(date, month)
                    ? 'text-gray-700 hover:bg-gray-100'
                    : 'text-gray-300 hover:bg-gray-50'
            }`}
          >
            {dayNumber(date)}
          </button>
        ))}
      </div>
    </div>
  );
}
