import { useId } from 'react';
import { QUEUE_LIMITS } from '../../../../shared/queues/api';
import { type QueueRhythm, QueueRhythmFields, type RhythmErrors } from './queue-rhythm-fields';

export interface QueueDetails extends QueueRhythm {
  name: string;
  description: string;
  isRepeatable: boolean;
}

const inputClass =
  'block w-full rounded-lg border bg-white px-3 text-base text-gray-900 shadow-sm outline-none focus-visible:ring-2 focus-visible:ring-brand-500 sm:text-sm';

/** Name (required), description (optional), one-time or repeatable, and when it posts. */
export function QueueDetailsFields({
  value,
  onChange,
  nameError,
  rhythmErrors,
  intervalHours = QUEUE_LIMITS.defaultIntervalHours,
}: {
  value: QueueDetails;
  onChange: (next: QueueDetails) => void;
  nameError?: string | null;
  rhythmErrors?: RhythmErrors;
  intervalHours?: number;
}) {
  const id = useId();
  const kinds = [
    {
      repeatable: false,
      label: 'One-time',
      hint: 'Publishes each item once, in order, one per run, then stops.',
    },
    {
      repeatable: true,
      label: 'Repeatable',
      hint: 'Cycles through the items again and again, one per run.',
    },
  ];
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block font-medium text-gray-700 text-sm">
          Name
        </label>
        <input
          id={`${id}-name`}
          type="text"
          value={value.name}
          maxLength={QUEUE_LIMITS.nameMax}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : undefined}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          className={`h-10 ${inputClass} ${nameError ? 'border-red-400' : 'border-gray-300'}`}
          placeholder="e.g. Evergreen tips"
        />
        {nameError ? (
          <p id={`${id}-name-error`} className="mt-1 text-red-600 text-sm">
            {nameError}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${id}-description`} className="mb-1 block font-medium text-gray-700 text-sm">
          Description <span className="font-normal text-gray-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={value.description}
          maxLength={QUEUE_LIMITS.descriptionMax}
          onChange={(e) => onChange({ ...value, description: e.target.value })}
          className={`py-2 ${inputClass} border-gray-300`}
        />
      </div>
      <fieldset>
        <legend className="mb-1 font-medium text-gray-700 text-sm">Type</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {kinds.map((kind) => (
            <label
              key={kind.label}
              className={`flex cursor-pointer gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                value.isRepeatable === kind.repeatable
                  ? 'border-brand-600 bg-brand-50'
                  : 'border-gray-300 hover:bg-gray-50'
              }`}
            >
              <input
                type="radio"
                name={`${id}-type`}
                checked={value.isRepeatable === kind.repeatable}
                onChange={() => onChange({ ...value, isRepeatable: kind.repeatable })}
                className="mt-0.5 accent-brand-600"
              />
              <span>
                <span className="block font-medium text-gray-900">{kind.label}</span>
                <span className="block text-gray-600">{kind.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <QueueRhythmFields
        value={value}
        onChange={(rhythm) => onChange({ ...value, ...rhythm })}
        intervalHours={intervalHours}
        errors={rhythmErrors}
      />
    </div>
  );
}
