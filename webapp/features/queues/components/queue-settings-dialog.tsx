import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  QUEUE_MESSAGES,
  type QueueDto,
  type QueueItemDto,
  UpdateQueueInput,
} from '../../../../shared/queues/api';
import { Button } from '../../../components/button';
import { PlusIcon, SendIcon } from '../../../components/icons';
import { Modal } from '../../../components/modal';
import { ErrorBox } from '../../../shared/composer/composer-input';
import { useDeleteQueueItem } from '../api/delete-queue-item';
import { useReorderQueueItems } from '../api/reorder-queue-items';
import { useRunQueueNow } from '../api/run-queue-now';
import { useUpdateQueue } from '../api/update-queue';
import { useToggleQueue } from '../hooks/use-toggle-queue';
import { NextRunPreview } from './next-run-preview';
import { QueueStatusBadge, ToggleQueueButton, useNextRunText, useRhythmText } from './queue-card';
import { type QueueDetails, QueueDetailsFields } from './queue-details-fields';
import { QueueItemList } from './queue-item-list';
import { messageOf } from './queue-labels';
import type { RhythmErrors } from './queue-rhythm-fields';

function detailsOf(queue: QueueDto): QueueDetails {
  return {
    name: queue.name,
    description: queue.description,
    isRepeatable: queue.isRepeatable,
    runMode: queue.runMode,
    runTimes: queue.runTimes,
    runDays: queue.runDays,
    scheduleAccountId: queue.scheduleAccountId,
  };
}

function rhythmKey(details: Pick<QueueDetails, 'runMode' | 'runTimes' | 'runDays' | 'scheduleAccountId'>) {
  const times = [...new Set(details.runTimes)].sort();
  const days = [...new Set(details.runDays)].sort((a, b) => a - b);
  return JSON.stringify([
    details.runMode,
    times,
    days,
    details.runMode === 'schedule' ? details.scheduleAccountId : null,
  ]);
}

/**
 * The queue's settings dialog: its name, description and type, and its items in run order
 * (Add Item, edit, delete, drag to reorder), each with when it last went out and its link.
 */
export function QueueSettingsDialog({
  open,
  queue,
  onClose,
  onAddItem,
  onEditItem,
}: {
  open: boolean;
  queue: QueueDto;
  onClose: () => void;
  onAddItem: () => void;
  onEditItem: (item: QueueItemDto) => void;
}) {
  const updateQueue = useUpdateQueue();
  const reorder = useReorderQueueItems();
  const deleteItem = useDeleteQueueItem();
  const { toggle, togglingId } = useToggleQueue();
  const [details, setDetails] = useState<QueueDetails | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [rhythmErrors, setRhythmErrors] = useState<RhythmErrors>({});
  const runNow = useRunQueueNow();
  const [error, setError] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  // Escape during a keyboard drag cancels the drag, not the dialog.
  const dragging = useRef(false);
  const formId = useId();
  const itemsHeadingId = useId();
  const detailsHeadingId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form starts from the queue when the dialog opens
  useEffect(() => {
    if (!open) return;
    setDetails(detailsOf(queue));
    setNameError(null);
    setRhythmErrors({});
    setError(null);
  }, [open, queue.id]);

  const nextRun = useNextRunText(queue);
  const rhythm = useRhythmText(queue);
  const form = details ?? detailsOf(queue);
  const rhythmChanged = rhythmKey(form) !== rhythmKey(queue);
  const changed =
    form.name.trim() !== queue.name ||
    form.description.trim() !== queue.description ||
    form.isRepeatable !== queue.isRepeatable ||
    rhythmChanged;

  async function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = UpdateQueueInput.safeParse(form);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      if (field === 'name') setNameError(issue?.message ?? null);
      else if (field === 'runTimes' || field === 'runDays') setRhythmErrors({ [field]: issue?.message });
      else setError(issue?.message ?? QUEUE_MESSAGES.updateFailed);
      return;
    }
    setNameError(null);
    setRhythmErrors({});
    try {
      const saved = await updateQueue.mutateAsync({ id: queue.id, input: parsed.data });
      setDetails(detailsOf(saved));
      toast.success(QUEUE_MESSAGES.queueUpdated);
    } catch (saveError) {
      setError(messageOf(saveError, QUEUE_MESSAGES.updateFailed));
    }
  }

  function reorderItems(itemIds: string[]) {
    reorder.mutate(
      { queueId: queue.id, itemIds },
      { onError: (reorderError) => toast.error(messageOf(reorderError, QUEUE_MESSAGES.reorderFailed)) },
    );
  }

  async function postNextNow() {
    try {
      await runNow.mutateAsync(queue.id);
      toast.success(QUEUE_MESSAGES.postingNow);
    } catch (runError) {
      toast.error(messageOf(runError, QUEUE_MESSAGES.postNowFailed));
    }
  }

  async function removeItem(item: QueueItemDto) {
    setDeletingId(item.id);
    try {
      await deleteItem.mutateAsync({ queueId: queue.id, itemId: item.id });
      toast.success(QUEUE_MESSAGES.itemDeleted);
    } catch (deleteError) {
      toast.error(messageOf(deleteError, QUEUE_MESSAGES.deleteItemFailed));
    } finally {
      setDeletingId(null);
    }
  }

  const hasNext = queue.items.some((item) => item.isNext);
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!dragging.current) onClose();
      }}
      title="Queue settings"
      description={queue.name}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      }
    >
      <div className="space-y-6">
        <section aria-labelledby={itemsHeadingId} className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex items-center gap-2">
              <h3 id={itemsHeadingId} className="font-semibold text-base text-gray-900">
                Items ({queue.items.length})
              </h3>
              <QueueStatusBadge status={queue.status} />
            </div>
            <div className="flex flex-wrap gap-2">
              <ToggleQueueButton
                queue={queue}
                loading={togglingId === queue.id}
                onClick={() => void toggle(queue)}
              />
              <Button
                size="sm"
                variant="secondary"
                icon={<SendIcon className="h-4 w-4" />}
                disabled={!hasNext}
                loading={runNow.isPending}
                onClick={() => void postNextNow()}
              >
                Post next item now
              </Button>
              <Button size="sm" icon={<PlusIcon className="h-4 w-4" />} onClick={onAddItem}>
                Add Item
              </Button>
            </div>
          </div>
          <p className="text-gray-700 text-sm" data-testid="settings-next-run">
            <span className="font-medium">{nextRun}</span>
            <span className="text-gray-500"> · {rhythm}</span>
          </p>
          {queue.items.length === 0 && queue.status === 'active' ? (
            <p className="rounded-lg bg-brand-50 px-4 py-3 text-brand-800 text-sm">
              Items you add wait for the next run. Post next item now sends the first one at once.
            </p>
          ) : null}
          {queue.items.length === 0 ? (
            <p className="rounded-lg border border-gray-300 border-dashed p-6 text-center text-gray-600 text-sm">
              No items yet. Add a post for any connected account.
            </p>
          ) : (
            <>
              <p className="text-gray-500 text-xs">
                The first item goes out next; a published item moves to the end. Drag items to change the
                order.
              </p>
              <QueueItemList
                queue={queue}
                deletingId={deletingId}
                onReorder={reorderItems}
                onEdit={onEditItem}
                onDelete={(item) => void removeItem(item)}
                onDragging={(value) => {
                  dragging.current = value;
                }}
              />
            </>
          )}
        </section>
        <form
          id={formId}
          onSubmit={save}
          noValidate
          aria-labelledby={detailsHeadingId}
          className="space-y-4 border-gray-100 border-t pt-5"
        >
          <h3 id={detailsHeadingId} className="font-semibold text-base text-gray-900">
            Queue details
          </h3>
          {error ? <ErrorBox message={error} /> : null}
          <QueueDetailsFields
            value={form}
            onChange={setDetails}
            nameError={nameError}
            rhythmErrors={rhythmErrors}
            intervalHours={queue.intervalHours}
          />
          {rhythmChanged ? (
            <NextRunPreview
              rhythm={form}
              label="With these settings, the next run is"
              intervalHours={queue.intervalHours}
            />
          ) : null}
          <div className="flex justify-end">
            <Button
              type="submit"
              size="sm"
              variant="secondary"
              disabled={!changed}
              loading={updateQueue.isPending}
            >
              Save changes
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
