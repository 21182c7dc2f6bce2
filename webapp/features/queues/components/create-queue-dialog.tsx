import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  ALL_DAYS,
  CreateQueueInput,
  QUEUE_LIMITS,
  QUEUE_MESSAGES,
  type QueueDto,
} from '../../../../shared/queues/api';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { ErrorBox } from '../../../shared/composer/composer-input';
import { useCreateQueue } from '../api/create-queue';
import { NextRunPreview } from './next-run-preview';
import { type QueueDetails, QueueDetailsFields } from './queue-details-fields';
import { messageOf } from './queue-labels';
import type { RhythmErrors } from './queue-rhythm-fields';

const EMPTY: QueueDetails = {
  name: '',
  description: '',
  isRepeatable: false,
  runMode: 'interval',
  runTimes: [],
  runDays: [...ALL_DAYS],
  scheduleAccountId: null,
};

/**
 * 'Create Queue': name (required), description (optional), one-time or repeatable, and when it
 * posts (every 24 hours, chosen times, or the posting times), with its first run shown.
 */
export function CreateQueueDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (queue: QueueDto) => void;
}) {
  const [details, setDetails] = useState<QueueDetails>(EMPTY);
  const [nameError, setNameError] = useState<string | null>(null);
  const [rhythmErrors, setRhythmErrors] = useState<RhythmErrors>({});
  const [error, setError] = useState<string | null>(null);
  const createQueue = useCreateQueue();
  const formId = useId();

  function close() {
    setDetails(EMPTY);
    setNameError(null);
    setRhythmErrors({});
    setError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // Spec 02 section 5: interval_hours is always sent as 24.
    const parsed = CreateQueueInput.safeParse({
      ...details,
      intervalHours: QUEUE_LIMITS.defaultIntervalHours,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path[0];
      if (field === 'name') setNameError(issue?.message ?? null);
      else if (field === 'runTimes' || field === 'runDays') setRhythmErrors({ [field]: issue?.message });
      else setError(issue?.message ?? QUEUE_MESSAGES.createFailed);
      return;
    }
    setNameError(null);
    setRhythmErrors({});
    try {
      const queue = await createQueue.mutateAsync(parsed.data);
      toast.success(QUEUE_MESSAGES.queueCreated);
      setDetails(EMPTY);
      onCreated(queue);
    } catch (createError) {
      setError(messageOf(createError, QUEUE_MESSAGES.createFailed));
    }
  }

  return (
    <Modal
      open={open}
      onClose={createQueue.isPending ? () => {} : close}
      title="Create Queue"
      description="A queue publishes its posts for you, one per run."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={createQueue.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={createQueue.isPending}>
            Create Queue
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        {error ? <ErrorBox message={error} /> : null}
        <QueueDetailsFields
          value={details}
          onChange={setDetails}
          nameError={nameError}
          rhythmErrors={rhythmErrors}
        />
        <NextRunPreview rhythm={details} label="First run" />
        <p className="text-gray-500 text-sm">
          Items you add wait for the queue's run times. Post next item now sends one at once.
        </p>
      </form>
    </Modal>
  );
}
