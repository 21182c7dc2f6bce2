import type { ImportMode } from '../../../../shared/posts/import';
import { useImportQueues } from '../api/import-posts';

export interface ModeChoice {
  mode: ImportMode;
  spreadFrom: string;
  spreadTo: string;
  queueId: string;
}

const MODES: { value: ImportMode; label: string; hint: string }[] = [
  { value: 'keep', label: "Keep each row's time", hint: 'An empty time takes the next free posting time.' },
  { value: 'slots', label: 'Fill my posting schedule', hint: "Each account's free slots, in row order." },
  { value: 'spread', label: 'Spread evenly', hint: 'Between two dates and times.' },
  { value: 'queue', label: 'Add to an automated queue', hint: 'The queue posts them at its run times.' },
];

/** How the import schedules its rows: one choice for the whole file. */
export function ImportModePicker({
  value,
  onChange,
}: {
  value: ModeChoice;
  onChange: (next: ModeChoice) => void;
}) {
  const queues = useImportQueues(value.mode === 'queue');
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 font-medium text-gray-900 text-sm">When to post</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {MODES.map((mode) => (
          <label
            key={mode.value}
            className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm ${
              value.mode === mode.value ? 'border-brand-500 bg-brand-50' : 'border-gray-200 bg-white'
            }`}
          >
            <input
              type="radio"
              name="import-mode"
              value={mode.value}
              checked={value.mode === mode.value}
              onChange={() => onChange({ ...value, mode: mode.value })}
            />
            <span>
              <span className="block font-medium text-gray-900">{mode.label}</span>
              <span className="text-gray-500">{mode.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {value.mode === 'spread' ? (
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex flex-col gap-1">
            From
            <input
              type="datetime-local"
              className="rounded-md border border-gray-300 px-2 py-1"
              value={value.spreadFrom}
              onChange={(event) => onChange({ ...value, spreadFrom: event.target.value })}
            />
          </label>
          <label className="flex flex-col gap-1">
            To
            <input
              type="datetime-local"
              className="rounded-md border border-gray-300 px-2 py-1"
              value={value.spreadTo}
              onChange={(event) => onChange({ ...value, spreadTo: event.target.value })}
            />
          </label>
        </div>
      ) : null}
      {value.mode === 'queue' ? (
        <label className="flex flex-col gap-1 text-sm">
          Queue
          <select
            className="max-w-sm rounded-md border border-gray-300 px-2 py-1"
            value={value.queueId}
            onChange={(event) => onChange({ ...value, queueId: event.target.value })}
          >
            <option value="">Choose a queue</option>
            {(queues.data ?? []).map((queue) => (
              <option key={queue.id} value={queue.id}>
                {queue.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </fieldset>
  );
}
