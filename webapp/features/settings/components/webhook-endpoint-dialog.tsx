import { type FormEvent, useState } from 'react';
import {
  CreateWebhookEndpointInput,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../../../../shared/webhooks/api';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { useCreateWebhookEndpoint } from '../api/webhooks';

/** "Add endpoint": its address, a description and the events it receives. */
export function WebhookEndpointDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['post.published', 'post.failed']);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const create = useCreateWebhookEndpoint();

  const toggle = (event: WebhookEventType) =>
    setEvents((chosen) => (chosen.includes(event) ? chosen.filter((e) => e !== event) : [...chosen, event]));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = CreateWebhookEndpointInput.safeParse({ url, description, events });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError({ field: String(issue?.path[0] ?? ''), message: issue?.message ?? 'Invalid input' });
      return;
    }
    setError(null);
    create.mutate(
      { url, description, events },
      {
        onSuccess: (created) => {
          setUrl('');
          setDescription('');
          onCreated(created.secret);
        },
        onError: (failure) =>
          setError({ field: (failure as { field?: string }).field, message: failure.message }),
      },
    );
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Add webhook endpoint"
      description="Postloom POSTs a signed JSON event to this address when something happens."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="webhook-endpoint-form" loading={create.isPending}>
            Add endpoint
          </Button>
        </>
      }
    >
      <form id="webhook-endpoint-form" onSubmit={submit} noValidate>
        <TextField
          label="Endpoint URL"
          type="url"
          placeholder="https://example.com/postloom-webhooks"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={error?.field === 'url' ? error.message : undefined}
        />
        <TextField
          label="Description"
          placeholder="What receives it (optional)"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={error?.field === 'description' ? error.message : undefined}
        />
        <fieldset>
          <legend className="mb-2 font-medium text-gray-700 text-sm">Events</legend>
          <ul className="flex flex-col gap-2">
            {WEBHOOK_EVENT_TYPES.map((event) => (
              <li key={event}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4"
                    checked={events.includes(event)}
                    onChange={() => toggle(event)}
                  />
                  <span>
                    <code className="font-mono text-gray-900">{event}</code>
                    <span className="block text-gray-500">{WEBHOOK_EVENT_DESCRIPTIONS[event]}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {error && error.field !== 'url' && error.field !== 'description' ? (
          <p role="alert" className="mt-3 text-red-600 text-sm">
            {error.message}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
