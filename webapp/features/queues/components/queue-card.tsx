import { QUEUE_MESSAGES, type QueueDto } from '../../../../shared/queues/api';
import { formatDateTime } from '../../../../shared/time/format';
import { Button } from '../../../components/button';
import { PauseIcon, PencilIcon, PlayIcon, TrashIcon } from '../../../components/icons';
import { useAccounts } from '../../../shared/accounts/list-accounts';
import { usePreferences } from '../../../shared/preferences/preferences';
import { rhythmLabel, STATUS_LABELS } from './queue-labels';

const STATUS_STYLES: Record<QueueDto['status'], string> = {
  active: 'bg-green-50 text-green-700',
  paused: 'bg-amber-50 text-amber-700',
  finished: 'bg-gray-100 text-gray-700',
};

export function QueueStatusBadge({ status }: { status: QueueDto['status'] }) {
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2 py-0.5 font-medium text-xs ${STATUS_STYLES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

/** The play/pause button of a queue (its card and its settings dialog). */
export function ToggleQueueButton({
  queue,
  loading,
  onClick,
}: {
  queue: QueueDto;
  loading: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={loading}
      icon={queue.isActive ? <PauseIcon className="h-4 w-4" /> : <PlayIcon className="h-4 w-4" />}
      aria-label={`${queue.isActive ? 'Pause' : 'Resume'} queue ${queue.name}`}
      onClick={onClick}
    >
      {queue.isActive ? 'Pause' : 'Resume'}
    </Button>
  );
}

/** When the queue runs next, in the user's zone and format: shown before it holds an item too. */
export function useNextRunText(queue: QueueDto): string {
  const { timezone, timeFormat } = usePreferences();
  if (queue.status === 'finished') return 'Every item has been published';
  if (queue.status === 'paused' && queue.pausedReason) {
    return 'Paused when your access ended: resume it to continue with the next item';
  }
  if (queue.status === 'paused') return 'Paused: resumes with the next item';
  if (!queue.nextRun) return QUEUE_MESSAGES.noPostingTimes;
  if (Date.parse(queue.nextRun) <= Date.now()) return 'Next run: now';
  const when = `Next run: ${formatDateTime(queue.nextRun, timezone, timeFormat)}`;
  return queue.items.length === 0 ? `${when} (add an item to post then)` : when;
}

/** The line saying when a queue posts ('Every day at 09:00'), with the account it follows. */
export function useRhythmText(queue: QueueDto): string {
  const { timeFormat } = usePreferences();
  const accounts = useAccounts().data ?? [];
  const account = accounts.find((a) => a.id === queue.scheduleAccountId);
  return rhythmLabel(queue, timeFormat, account?.accountName ?? null);
}

/** A queue in the list: name, description, type, items, next post, and play/pause, edit and delete. */
export function QueueCard({
  queue,
  toggling,
  onToggle,
  onEdit,
  onDelete,
}: {
  queue: QueueDto;
  toggling: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const nextRun = useNextRunText(queue);
  const rhythm = useRhythmText(queue);
  const count = queue.items.length;
  return (
    <article
      aria-label={`Queue ${queue.name}`}
      className="flex h-full flex-col rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words font-semibold text-base text-gray-900">{queue.name}</h2>
          {queue.description ? (
            <p className="mt-1 line-clamp-2 break-words text-gray-600 text-sm">{queue.description}</p>
          ) : null}
        </div>
        <QueueStatusBadge status={queue.status} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-gray-500">Type</dt>
        <dd className="text-gray-900">{queue.isRepeatable ? 'Repeatable' : 'One-time'}</dd>
        <dt className="text-gray-500">Posts</dt>
        <dd className="text-gray-900">{rhythm}</dd>
        <dt className="text-gray-500">Items</dt>
        <dd className="text-gray-900">
          {count} {count === 1 ? 'post' : 'posts'}
        </dd>
      </dl>
      <p className="mt-2 text-gray-600 text-sm" data-testid="next-run">
        {nextRun}
      </p>
      <div className="mt-auto flex flex-wrap justify-end gap-2 pt-4">
        <ToggleQueueButton queue={queue} loading={toggling} onClick={onToggle} />
        <Button
          size="sm"
          variant="secondary"
          icon={<PencilIcon className="h-4 w-4" />}
          aria-label={`Edit queue ${queue.name}`}
          onClick={onEdit}
        >
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-600 hover:bg-red-50"
          icon={<TrashIcon className="h-4 w-4" />}
          aria-label={`Delete queue ${queue.name}`}
          onClick={onDelete}
        >
          Delete
        </Button>
      </div>
    </article>
  );
}
