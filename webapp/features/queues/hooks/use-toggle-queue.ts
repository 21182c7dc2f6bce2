import { useState } from 'react';
import { toast } from 'sonner';
import { QUEUE_MESSAGES, type QueueDto } from '../../../../shared/queues/api';
import { useUpdateQueue } from '../api/update-queue';
import { messageOf } from '../components/queue-labels';

/** Play/pause: flips is_active and says so; the spec's 'Failed to toggle queue' when it fails. */
export function useToggleQueue() {
  const updateQueue = useUpdateQueue();
  const [togglingId, setTogglingId] = useState<string | null>(null);

  async function toggle(queue: QueueDto): Promise<void> {
    setTogglingId(queue.id);
    try {
      await updateQueue.mutateAsync({ id: queue.id, input: { isActive: !queue.isActive } });
      toast.success(queue.isActive ? QUEUE_MESSAGES.queuePaused : QUEUE_MESSAGES.queueResumed);
    } catch (error) {
      toast.error(messageOf(error, QUEUE_MESSAGES.toggleFailed));
    } finally {
      setTogglingId(null);
    }
  }

  return { toggle, togglingId };
}
