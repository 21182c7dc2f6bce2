import type { WebhookDeliveryDto, WebhookEndpointDto } from '../../shared/webhooks/api.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/tables/webhooks.js';
import { parseEvents } from './webhooks.repository.js';

const iso = (value: number | null) => (value === null ? null : new Date(value).toISOString());

/** An endpoint as the API shows it: never its secrets. */
export function toEndpointDto(row: WebhookEndpointRow, now = Date.now()): WebhookEndpointDto {
  const previousLive = row.previousSecret !== null && (row.previousSecretExpiresAt ?? 0) > now;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseEvents(row),
    enabled: row.enabled === 1,
    disabledReason: row.enabled === 1 ? null : row.disabledReason,
    previousSecretExpiresAt: previousLive ? iso(row.previousSecretExpiresAt) : null,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export function toDeliveryDto(row: WebhookDeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    lastStatusCode: row.lastStatusCode,
    lastDurationMs: row.lastDurationMs,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    deliveredAt: iso(row.deliveredAt),
  };
}
