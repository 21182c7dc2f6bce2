import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type KeyboardEvent, useState } from 'react';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { QueueItemDto } from '../../../../shared/queues/api';
import { truncateText } from '../../../../shared/text/truncate';
import { Button } from '../../../components/button';
import { GripIcon, PencilIcon, TrashIcon } from '../../../components/icons';
import { PlatformIcon } from '../../../components/platform-icon';
import { QueueItemActivity } from './queue-item-activity';

export function itemExcerpt(item: QueueItemDto, length = 60): string {
  const text = (item.tweets?.[0]?.content ?? item.content).replace(/\s+/g, ' ').trim();
  if (!text) return `${getPlatform(item.platform).displayName} post with media`;
  return truncateText(text, length, { ellipsis: '…' });
}

interface QueueItemRowProps {
  item: QueueItemDto;
  index: number;
  count: number;
  isRepeatable: boolean;
  deleting: boolean;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One item: drag handle (pointer or keyboard), account, text, its last run and link, Edit and Delete. */
export function QueueItemRow({
  item,
  index,
  count,
  isRepeatable,
  deleting,
  onMove,
  onEdit,
  onDelete,
}: QueueItemRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: item.id,
    });
  const [confirming, setConfirming] = useState(false);
  const info = getPlatform(item.platform);
  const excerpt = itemExcerpt(item);
  const mediaCount = item.media.length + (item.tweets?.slice(1).reduce((n, t) => n + t.media.length, 0) ?? 0);

  // Alt+Arrow moves the item at once, as the composer's tweet tabs do; Space starts a dnd-kit drag.
  function onHandleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
      if (to >= 0 && to < count) onMove(index, to);
      return;
    }
    listeners?.onKeyDown?.(event);
  }

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex gap-2 rounded-lg border bg-white p-3 sm:gap-3 ${isDragging ? 'relative z-10 border-brand-400 shadow-lg' : 'border-gray-200'}`}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        onKeyDown={onHandleKeyDown}
        aria-label={`Reorder item ${index + 1}: ${excerpt}`}
        title="Drag, or press Space then the arrow keys, to reorder"
        className="-my-1 flex w-7 shrink-0 cursor-grab touch-none items-center justify-center rounded text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus-visible:ring-2 focus-visible:ring-brand-500 active:cursor-grabbing"
      >
        <GripIcon className="h-5 w-5" />
      </button>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-semibold text-gray-400 text-xs tabular-nums">{index + 1}.</span>
          <PlatformIcon platform={item.platform} className="h-5 w-5" />
          {item.account ? (
            <span className="min-w-0 truncate font-medium text-gray-900">{item.account.accountName}</span>
          ) : (
            <span className="font-medium text-red-700">{info.displayName} account disconnected</span>
          )}
          {item.accountStatus === 'needs_reconnect' ? (
            <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-700 text-xs">
              Needs reconnect
            </span>
          ) : null}
          {item.isNext ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700 text-xs">
              Up next
            </span>
          ) : null}
          {item.isDone ? (
            <span className="rounded-full bg-green-50 px-2 py-0.5 font-medium text-green-700 text-xs">
              Published
            </span>
          ) : null}
        </div>
        <p className="mt-1 line-clamp-2 whitespace-pre-wrap break-words text-gray-800 text-sm">
          {item.tweets?.[0]?.content ?? item.content}
        </p>
        {mediaCount > 0 || (item.tweets?.length ?? 0) > 1 ? (
          <p className="mt-0.5 text-gray-500 text-xs">
            {[
              (item.tweets?.length ?? 0) > 1 ? `Thread of ${item.tweets?.length}` : null,
              mediaCount > 0 ? `${mediaCount} ${mediaCount === 1 ? 'file' : 'files'}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        ) : null}
        <QueueItemActivity item={item} isRepeatable={isRepeatable} />
        {confirming ? (
          <fieldset className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            <legend className="sr-only">Confirm delete</legend>
            <span className="text-gray-700">Delete this item?</span>
            <Button size="sm" variant="danger" loading={deleting} onClick={onDelete}>
              Delete item
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={deleting}
              onClick={() => setConfirming(false)}
              autoFocus
            >
              Keep it
            </Button>
          </fieldset>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-col gap-1 sm:flex-row sm:items-start">
        <Button
          size="sm"
          variant="ghost"
          icon={<PencilIcon className="h-4 w-4" />}
          aria-label={`Edit item ${index + 1}`}
          onClick={onEdit}
        >
          <span className="hidden sm:inline">Edit</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-600 hover:bg-red-50"
          icon={<TrashIcon className="h-4 w-4" />}
          aria-label={`Delete item ${index + 1}`}
          onClick={() => setConfirming(true)}
        >
          <span className="hidden sm:inline">Delete</span>
        </Button>
      </div>
    </li>
  );
}
