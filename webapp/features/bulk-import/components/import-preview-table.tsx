import type { ImportCells, ImportColumn, ImportRowResult } from '../../../../shared/posts/import';
import { formatDateTime } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { PlatformIcon } from '../../../components/platform-icon';

export interface PreviewRow {
  key: string;
  cells: ImportCells;
  /** The last check of this row (null until the server answered for it). */
  checked: ImportRowResult | null;
}

interface Props {
  rows: PreviewRow[];
  timezone: string;
  timeFormat: '12h' | '24h';
  onEdit: (key: string, column: ImportColumn, value: string) => void;
  onDrop: (key: string) => void;
}

const COLUMNS: { column: ImportColumn; label: string }[] = [
  { column: 'text', label: 'Text' },
  { column: 'accounts', label: 'Accounts' },
  { column: 'time', label: 'Time' },
  { column: 'media_urls', label: 'Media URLs' },
  { column: 'link', label: 'Link' },
];
/** "As posted" follows the time, before the media and link cells. */
const AS_POSTED_AFTER = 3;

/**
 * Every row as it will be posted, per account, each problem in the cell it belongs to (with the
 * composer's message) and the cell highlighted; every cell can be fixed in place, a row dropped.
 */
export function ImportPreviewTable({ rows, timezone, timeFormat, onEdit, onDrop }: Props) {
  // `relative`: the header's sr-only label is absolutely positioned; without a positioned scroll
  // box it would be placed against the page, past the table's right edge, and widen the page.
  return (
    <div
      className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white"
      data-testid="import-preview"
    >
      <table className="w-[78rem] table-fixed text-left text-sm">
        {/* Fixed widths: a long message wraps the same way whatever the other rows hold. */}
        <colgroup>
          <col className="w-12" />
          <col className="w-64" />
          <col className="w-40" />
          <col className="w-36" />
          <col className="w-72" />
          <col className="w-36" />
          <col className="w-36" />
          <col className="w-20" />
        </colgroup>
        <thead className="bg-gray-50 text-gray-600 text-xs uppercase tracking-wide">
          <tr>
            <th className="px-3 py-2">Row</th>
            {COLUMNS.map(({ column, label }, position) => [
              position === AS_POSTED_AFTER ? (
                <th key="as-posted" className="px-3 py-2">
                  As posted
                </th>
              ) : null,
              <th key={column} className="px-3 py-2">
                {label}
              </th>,
            ])}
            <th className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row, index) => {
            const problems = row.checked?.problems ?? [];
            const labelOf = (accountId: string | null) =>
              row.checked?.targets.find((target) => target.accountId === accountId)?.label;
            const asPosted = (
              <td key="as-posted" className="px-3 py-2 align-top">
                <ul className="space-y-1">
                  {(row.checked?.targets ?? []).map((target) => (
                    <li key={target.accountId} className="text-gray-700">
                      <span className="flex items-center gap-2">
                        <PlatformIcon platform={target.platform} className="h-4 w-4 shrink-0" />
                        <span className="truncate" title={target.label}>
                          {target.label}
                        </span>
                      </span>
                      <span className="block whitespace-nowrap pl-6 text-gray-500 text-xs">
                        {target.scheduledAt
                          ? formatDateTime(target.scheduledAt, timezone, timeFormat)
                          : 'Queue'}
                      </span>
                    </li>
                  ))}
                </ul>
              </td>
            );
            return (
              <tr key={row.key} data-row={index + 1} className={problems.length > 0 ? 'bg-red-50/30' : ''}>
                <td className="px-3 py-2 align-top text-gray-500">{index + 1}</td>
                {COLUMNS.map(({ column, label }, position) => {
                  const cellProblems = problems.filter((problem) => problem.field === column);
                  const invalid = cellProblems.length > 0;
                  const inputClass = `w-full rounded-md border px-2 py-1 ${
                    invalid ? 'border-red-500 bg-red-50 text-red-900' : 'border-gray-300'
                  }`;
                  const name = `Row ${index + 1} ${label}`;
                  const cell = (
                    <td
                      key={column}
                      className="px-3 py-2 align-top"
                      data-invalid={invalid ? 'true' : undefined}
                    >
                      {column === 'text' ? (
                        <textarea
                          aria-label={name}
                          aria-invalid={invalid}
                          rows={2}
                          className={inputClass}
                          value={row.cells[column]}
                          onChange={(event) => onEdit(row.key, column, event.target.value)}
                        />
                      ) : (
                        <input
                          aria-label={name}
                          aria-invalid={invalid}
                          className={inputClass}
                          value={row.cells[column]}
                          onChange={(event) => onEdit(row.key, column, event.target.value)}
                        />
                      )}
                      {cellProblems.map((problem) => (
                        <p
                          key={`${problem.accountId}-${problem.message}`}
                          className="mt-1 text-red-700 text-xs"
                        >
                          {problem.accountId && labelOf(problem.accountId)
                            ? `${labelOf(problem.accountId)}: ${problem.message}`
                            : problem.message}
                        </p>
                      ))}
                    </td>
                  );
                  return position === AS_POSTED_AFTER ? [asPosted, cell] : cell;
                })}
                <td className="px-3 py-2 align-top">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => onDrop(row.key)}
                    aria-label={`Drop row ${index + 1}`}
                  >
                    Drop
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
