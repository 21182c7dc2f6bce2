import { WEBHOOK_MESSAGES, WEBHOOK_TEST_EVENT, type WebhookDeliveryDto } from '../../shared/webhooks/api.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { AppDeps } from '../http/types.js';
import { insertEvent } from './enqueue-webhook-event.js';
import { toDeliveryDto } from './webhook-dto.js';
import { findDeliveryRow, findEndpointRow, listDeliveryRows } from './webhooks.repository.js';

type Deps = Pick<AppDeps, 'db'>;

/** How many deliveries Settings shows per endpoint. */
export const LISTED_DELIVERIES = 100;

export async function listWebhookDeliveries(
  deps: Deps,
  userId: string,
  endpointId: string,
): Promise<WebhookDeliveryDto[]> {
  if (!(await findEndpointRow(deps.db, userId, endpointId))) {
    throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  }
  return (await listDeliveryRows(deps.db, userId, endpointId, LISTED_DELIVERIES)).map(toDeliveryDto);
}

/**
 * Sends a delivery's event again as a new delivery (its own attempts, listed on top) with the
 * same webhook-id and body, so a receiver that already has it can tell it is a repeat.
 */
export async function resendWebhookDelivery(
  deps: Deps,
  userId: string,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDeliveryDto> {
  const original = await findDeliveryRow(deps.db, userId, deliveryId);
  if (!original || original.endpointId !== endpointId)
    throw new AppError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  const now = Date.now();
  const row = {
    ...original,
    id: newId(),
    status: 'pending' as const,
    attemptCount: 0,
    nextAttemptAt: now,
    lastStatusCode: null,
    lastDurationMs: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
    deliveredAt: null,
  };
  await deps.db.insertInto('webhookDeliveries').values(row).execute();
  return toDeliveryDto(row);
}

/** A `webhook.test` event for this one endpoint, whatever events it listens to. */
export async function sendTestWebhook(
  deps: Deps,
  userId: string,
  endpointId: string,
): Promise<WebhookDeliveryDto> {
  const endpoint = await findEndpointRow(deps.db, userId, endpointId);
  if (!endpoint) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  const now = Date.now();
  const [row] = await insertEvent(deps.db, {
    userId,
    type: WEBHOOK_TEST_EVENT,
    data: { endpointId, message: 'A test event from Postloom.' },
    now,
    endpointIds: [endpointId],
  });
  return toDeliveryDto(row!);
}
