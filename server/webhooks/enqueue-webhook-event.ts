import type { WebhookEventType } from '../../shared/webhooks/api.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import type { WebhookDeliveryRow } from '../db/tables/webhooks.js';
import { subscribedEndpoints } from './webhooks.repository.js';

type WebhookObject = object;

/**
 * Writes one delivery per enabled endpoint of the user subscribed to `type`, in the transaction
 * `trx` of the change it reports: the change and its webhooks are stored together or not at all,
 * and the delivery worker sends them later (webhook-worker.ts), whatever happens to this process.
 * `object` is the object as the API returns it; a function is only called when some endpoint
 * listens, so a user without webhooks pays one indexed query.
 */
export async function enqueueWebhookEvent(
  trx: Db,
  userId: string,
  type: WebhookEventType,
  object: WebhookObject | (() => Promise<WebhookObject>),
  now = Date.now(),
): Promise<number> {
  // Outside a transaction the change could be stored without its event: a bug to catch at once.
  if (!trx.isTransaction) throw new Error('enqueueWebhookEvent needs the transaction of the change');
  const endpoints = await subscribedEndpoints(trx, userId, type);
  if (endpoints.length === 0) return 0;
  const data = typeof object === 'function' ? await object() : object;
  const rows = await insertEvent(trx, { userId, type, data, now, endpointIds: endpoints.map((e) => e.id) });
  return rows.length;
}

/** One event for the given endpoints (also "Send test event", which names its endpoint). */
export async function insertEvent(
  db: Db,
  input: { userId: string; type: string; data: WebhookObject; now: number; endpointIds: string[] },
): Promise<WebhookDeliveryRow[]> {
  const eventId = `msg_${newId().replaceAll('-', '')}`;
  const payload = JSON.stringify({
    type: input.type,
    timestamp: new Date(input.now).toISOString(),
    data: input.data,
  });
  const rows: WebhookDeliveryRow[] = input.endpointIds.map((endpointId) => ({
    id: newId(),
    endpointId,
    userId: input.userId,
    eventId,
    eventType: input.type,
    payload,
    status: 'pending' as const,
    attemptCount: 0,
    nextAttemptAt: input.now,
    lastStatusCode: null,
    lastDurationMs: null,
    lastError: null,
    createdAt: input.now,
    updatedAt: input.now,
    deliveredAt: null,
  }));
  await db.insertInto('webhookDeliveries').values(rows).execute();
  return rows;
}
