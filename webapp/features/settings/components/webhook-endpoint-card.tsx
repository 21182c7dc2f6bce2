import { useState } from 'react';
import { toast } from 'sonner';
import type { WebhookEndpointDto } from '../../../../shared/webhooks/api';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import {
  useDeleteWebhookEndpoint,
  useRotateWebhookSecret,
  useSendTestWebhook,
  useUpdateWebhookEndpoint,
} from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';

/** One endpoint: its address and events, its actions, and (opened) its deliveries. */
export function WebhookEndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpointDto;
  onSecret: (secret: string) => void;
}) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirm, setConfirm] = useState<'rotate' | 'delete' | null>(null);
  const sendTest = useSendTestWebhook();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  return (
    <li className="rounded-lg border border-gray-200 p-4" data-testid="webhook-endpoint">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-all font-mono text-gray-900 text-sm">{endpoint.url}</p>
          {endpoint.description ? <p className="text-gray-600 text-sm">{endpoint.description}</p> : null}
          <p className="mt-1 text-gray-500 text-xs">{endpoint.events.join(', ')}</p>
          {endpoint.enabled ? null : (
            <p className="mt-2 text-red-700 text-sm">
              Turned off. {endpoint.disabledReason}{' '}
              <button
                type="button"
                className="font-medium underline"
                onClick={() => update.mutate({ id: endpoint.id, enabled: true })}
              >
                Turn on
              </button>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            loading={sendTest.isPending}
            onClick={() =>
              sendTest.mutate(endpoint.id, {
                onSuccess: () => {
                  setShowDeliveries(true);
                  toast.success('Test event queued');
                },
                onError: (error) => toast.error(error.message),
              })
            }
          >
            Send test event
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirm('rotate')}>
            Rotate secret
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setShowDeliveries((shown) => !shown)}>
            {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirm('delete')}>
            Delete
          </Button>
        </div>
      </div>
      {showDeliveries ? (
        <div className="mt-4">
          <WebhookDeliveries endpointId={endpoint.id} />
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm === 'rotate'}
        title="Rotate secret"
        message="Create a new signing secret? The current one keeps signing beside it for 24 hours."
        destructive={false}
        busy={rotate.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          rotate.mutate(endpoint.id, {
            onSuccess: (result) => {
              setConfirm(null);
              onSecret(result.secret);
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        message="Delete this endpoint and its delivery history?"
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => setConfirm(null),
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </li>
  );
}
