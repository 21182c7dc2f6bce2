import { useState } from 'react';
import { toast } from 'sonner';
import { QUEUE_MESSAGES, type QueueDto, type QueueItemDto } from '../../../../shared/queues/api';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { ErrorScreen } from '../../../components/error-screen';
import { PlusIcon, QueueIcon } from '../../../components/icons';
import { LoadingCard } from '../../../components/loading-card';
import { PageHeader } from '../../../components/page-header';
import { useDeleteQueue } from '../api/delete-queue';
import { useQueues } from '../api/list-queues';
import { CreateQueueDialog } from '../components/create-queue-dialog';
import { FeedsSection } from '../components/feeds-section';
import { QueueCard } from '../components/queue-card';
import { QueueItemEditorDialog } from '../components/queue-item-editor-dialog';
import { messageOf } from '../components/queue-labels';
import { QueueSettingsDialog } from '../components/queue-settings-dialog';
import { useToggleQueue } from '../hooks/use-toggle-queue';

/** `/automated-queues`: the queues, 'No queues yet', Create Queue, the settings dialog and delete. */
export function QueuesPage() {
  const queues = useQueues();
  const { toggle, togglingId } = useToggleQueue();
  const deleteQueue = useDeleteQueue();
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<QueueDto | null>(null);
  // The item editor takes the settings dialog's place while it is open (dialogs never stack).
  const [itemEditor, setItemEditor] = useState<{ item: QueueItemDto | null } | null>(null);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const answer = await deleteQueue.mutateAsync(toDelete.id);
      toast.success(answer.message);
      if (editingId === toDelete.id) setEditingId(null);
    } catch (error) {
      toast.error(messageOf(error, QUEUE_MESSAGES.deleteFailed));
    } finally {
      setToDelete(null);
    }
  }

  if (queues.isError) {
    return (
      <ErrorScreen
        error={queues.error}
        message={QUEUE_MESSAGES.fetchFailed}
        onRetry={() => void queues.refetch()}
      />
    );
  }

  const createButton = (
    <Button icon={<PlusIcon className="h-4 w-4" />} onClick={() => setCreating(true)}>
      Create Queue
    </Button>
  );
  const list = queues.data ?? [];
  const editing = list.find((queue) => queue.id === editingId) ?? null;
  return (
    <>
      <PageHeader
        title="Automated Queues"
        description="Evergreen posts that publish themselves, one per run: every 24 hours, at times you choose, or at your posting times."
        actions={list.length > 0 ? createButton : undefined}
      />
      {queues.isPending ? (
        <LoadingCard message="Loading queues..." />
      ) : list.length === 0 ? (
        <EmptyState
          icon={<QueueIcon className="h-6 w-6" />}
          title="No queues yet"
          description="Create a queue, add posts to it, and Postloom publishes them for you: once each, or again and again."
          action={createButton}
        />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Queues">
          {list.map((queue) => (
            <li key={queue.id}>
              <QueueCard
                queue={queue}
                toggling={togglingId === queue.id}
                onToggle={() => void toggle(queue)}
                onEdit={() => setEditingId(queue.id)}
                onDelete={() => setToDelete(queue)}
              />
            </li>
          ))}
        </ul>
      )}
      {queues.isPending ? null : <FeedsSection queues={list} />}
      <CreateQueueDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(queue) => {
          setCreating(false);
          setEditingId(queue.id);
        }}
      />
      {editing ? (
        <QueueSettingsDialog
          open={!itemEditor}
          queue={editing}
          onClose={() => setEditingId(null)}
          onAddItem={() => setItemEditor({ item: null })}
          onEditItem={(item) => setItemEditor({ item })}
        />
      ) : null}
      <QueueItemEditorDialog
        open={Boolean(editing && itemEditor)}
        queue={editing}
        item={itemEditor?.item ?? null}
        onClose={() => setItemEditor(null)}
      />
      <ConfirmDialog
        open={Boolean(toDelete)}
        title="Delete queue"
        message={`Are you sure you want to delete the queue "${toDelete?.name ?? ''}" and its items? Posts it already published stay in Sent Posts.`}
        busy={deleteQueue.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );
}
