import { parseJsonColumn } from '../db/json-column.js';
import type { AppDeps } from '../http/types.js';
import { LISTED_DELIVERIES } from '../webhooks/webhook-deliveries.js';
import { toDeliveryDto, toEndpointDto } from '../webhooks/webhook-dto.js';
import { listDeliveryRows, listEndpointRows } from '../webhooks/webhooks.repository.js';

/**
 * webhooks.json of "Download my data": each endpoint as Settings shows it (never its signing
 * secrets, current or previous) with its last 100 deliveries, each with the body it sent: the
 * event and the object as the API answers it, which holds no secret either.
 */
export async function exportWebhooks({ db }: Pick<AppDeps, 'db'>, userId: string) {
  const endpoints = await listEndpointRows(db, userId);
  return Promise.all(
    endpoints.map(async (row) => {
      const { previousSecretExpiresAt: _rotation, ...endpoint } = toEndpointDto(row);
      const deliveries = await listDeliveryRows(db, userId, row.id, LISTED_DELIVERIES);
      return {
        ...endpoint,
        deliveries: deliveries.map((delivery) => {
          const { endpointId: _endpointId, ...dto } = toDeliveryDto(delivery);
          return { ...dto, payload: parseJsonColumn<unknown>(delivery.payload, delivery.payload) };
        }),
      };
    }),
  );
}
