import { memo, useId } from 'react';
import { ADD_TO_NEXT_FREE_TIME, type PostRequestAction } from '../../../shared/posts/api';
import type { TimeFormat } from '../../../shared/settings/preferences';
import { Button } from '../../components/button';
import { DateTimePicker } from './date-time-picker';

interface ComposerFooterProps {
  busy: PostRequestAction | null;
  disabled: boolean;
  /** What stops Schedule, Post Now and Add to queue ("Fix 2 problems: ..."); the buttons are described by it. */
  summary?: string | null;
  /** The summary is a button that shows the first problem. */
  onShowProblems?: () => void;
  scheduledAt: string | null;
  scheduledLabel: string;
  timezone: string;
  timeFormat: TimeFormat;
  pickerOpen: boolean;
  onTogglePicker: (open: boolean) => void;
  onCancel: () => void;
  onSchedule: (iso: string) => void;
  onSave: (action: PostRequestAction) => void;
}

/** The composer's footer: Cancel, the scheduled date with Edit, Save as draft, Post Now, Add to queue (the next free time) and Schedule Post. */
export const ComposerFooter = memo(function ComposerFooter({
  busy,
  disabled,
  summary = null,
  onShowProblems,
  scheduledAt,
  scheduledLabel,
  timezone,
  timeFormat,
  pickerOpen,
  onTogglePicker,
  onCancel,
  onSchedule,
  onSave,
}: ComposerFooterProps) {
  const summaryId = useId();
  const describedBy = summary ? summaryId : undefined;
  return (
    <div className="flex w-full flex-col gap-2">
      {summary ? (
        <p className="text-right text-sm">
          <button
            id={summaryId}
            type="button"
            onClick={onShowProblems}
            className="text-left font-medium text-red-700 underline-offset-2 hover:underline sm:text-right"
          >
            {summary}
          </button>
        </p>
      ) : null}
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative flex flex-wrap items-center gap-2 text-sm">
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={busy !== null}>
            Cancel
          </Button>
          <span className="text-gray-600">
            <span className="sr-only">Scheduled date: </span>
            <span data-testid="scheduled-date">{scheduledLabel}</span>
          </span>
          <button
            type="button"
            aria-haspopup="dialog"
            aria-expanded={pickerOpen}
            onClick={() => onTogglePicker(!pickerOpen)}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Edit<span className="sr-only"> scheduled date</span>
          </button>
          {pickerOpen ? (
            <DateTimePicker
              value={scheduledAt}
              timezone={timezone}
              timeFormat={timeFormat}
              onClose={() => onTogglePicker(false)}
              onConfirm={onSchedule}
            />
          ) : null}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            loading={busy === 'draft'}
            onClick={() => onSave('draft')}
          >
            Save as draft
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            loading={busy === 'publish'}
            aria-describedby={describedBy}
            onClick={() => onSave('publish')}
          >
            Post Now
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            loading={busy === ADD_TO_NEXT_FREE_TIME}
            aria-describedby={describedBy}
            onClick={() => onSave(ADD_TO_NEXT_FREE_TIME)}
            title="Schedule at this account's next free posting time"
          >
            Add to queue
          </Button>
          <Button
            size="sm"
            disabled={disabled}
            loading={busy === 'schedule'}
            aria-describedby={describedBy}
            onClick={() => onSave('schedule')}
          >
            Schedule Post
          </Button>
        </div>
      </div>
    </div>
  );
});
