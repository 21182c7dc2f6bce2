import { toast } from 'sonner';
import type { WebhookDeliveryDto } from '../../../../shared/webhooks/api';
import { Button } from '../../../components/button';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';

const STATUS_STYLE: Record<WebhookDeliveryDto['status'], string> = {
  delivered: 'bg-green-50 text-green-700',
  pending: 'bg-amber-50 text-amber-700',
  failed: 'bg-red-50 text-red-700',
};

function statusLabel(delivery: WebhookDeliveryDto): string {
  if (delivery.status === 'pending' && delivery.attemptCount > 0)
    return `Retrying (${delivery.attemptCount} tried)`;
  const tries = delivery.attemptCount > 1 ? ` (${delivery.attemptCount} attempts)` : '';
  if (delivery.status === 'delivered') return `Delivered${tries}`;
  return delivery.status === 'failed' ? `Failed${tries}` : 'Pending';
}

/** The endpoint's last 100 deliveries: event, status, HTTP status code, duration, and "Resend". */
export function WebhookDeliveries({ endpointId }: { endpointId: string }) {
  const { data: deliveries, isPending } = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery();
  if (isPending) return <p className="text-gray-500 text-sm">Loading deliveries…</p>;
  if (!deliveries?.length) {
    return <p className="text-gray-500 text-sm">No deliveries yet. Send a test event to try the endpoint.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Deliveries">
        <thead className="text-gray-500 text-xs uppercase">
          <tr>
            <th className="py-2 pr-3 font-medium">Event</th>
            <th className="py-2 pr-3 font-medium">Status</th>
            <th className="py-2 pr-3 font-medium">Code</th>
            <th className="py-2 pr-3 font-medium">Duration</th>
            <th className="py-2 pr-3 font-medium">Time</th>
            <th className="py-2" />
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {deliveries.map((delivery) => (
            <tr key={delivery.id} data-testid="webhook-delivery">
              <td className="py-2 pr-3 font-mono text-gray-900">{delivery.eventType}</td>
              <td className="py-2 pr-3">
                <span
                  className={`rounded-full px-2 py-0.5 font-medium text-xs ${STATUS_STYLE[delivery.status]}`}
                  title={delivery.lastError ?? undefined}
                >
                  {statusLabel(delivery)}
                </span>
              </td>
              <td className="py-2 pr-3 tabular-nums">{delivery.lastStatusCode ?? '—'}</td>
              <td className="py-2 pr-3 tabular-nums">
                {delivery.lastDurationMs === null ? '—' : `${delivery.lastDurationMs} ms`}
              </td>
              <td className="whitespace-nowrap py-2 pr-3 text-gray-500">
                {new Date(delivery.createdAt).toLocaleString()}
              </td>
              <td className="py-2 text-right">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={delivery.status === 'pending'}
                  onClick={() =>
                    resend.mutate(
                      { endpointId, deliveryId: delivery.id },
                      {
                        onSuccess: () => toast.success('Sent again'),
                        onError: (error) => toast.error(error.message),
                      },
                    )
                  }
                >
                  Resend
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
