import { useState } from 'react';
import { Button } from '../../../components/button';
import { SettingsSection } from '../../../components/settings-section';
import { useWebhookEndpoints } from '../api/webhooks';
import { WebhookEndpointCard } from '../components/webhook-endpoint-card';
import { WebhookEndpointDialog } from '../components/webhook-endpoint-dialog';
import { WebhookSecretDialog } from '../components/webhook-secret-dialog';

/**
 * `/settings/webhooks`: the user's webhook endpoints (issue 27). Adding one or rotating its
 * secret shows the secret once; each endpoint lists its last 100 deliveries with "Resend".
 */
export function WebhooksPage() {
  const { data: endpoints, isPending, error } = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        title="Webhooks"
        description="Postloom tells your systems when a post is published or fails, an account needs reconnecting, a queue runs out or analytics are updated. Deliveries are signed (Standard Webhooks) and retried for more than a day."
      >
        <div className="mb-4 flex justify-end">
          <Button onClick={() => setAdding(true)}>Add endpoint</Button>
        </div>
        {isPending ? <p className="text-gray-500 text-sm">Loading…</p> : null}
        {error ? <p className="text-red-600 text-sm">{error.message}</p> : null}
        {endpoints && endpoints.length === 0 ? (
          <p className="text-gray-500 text-sm">No endpoints yet.</p>
        ) : null}
        <ul className="flex flex-col gap-3">
          {endpoints?.map((endpoint) => (
            <WebhookEndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              onSecret={(value) => setSecret({ value, rotated: true })}
            />
          ))}
        </ul>
      </SettingsSection>
      <WebhookEndpointDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(value) => {
          setAdding(false);
          setSecret({ value, rotated: false });
        }}
      />
      <WebhookSecretDialog
        secret={secret?.value ?? null}
        rotated={secret?.rotated ?? false}
        onClose={() => setSecret(null)}
      />
    </div>
  );
}
