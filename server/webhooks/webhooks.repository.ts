import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../shared/webhooks/api.js';
import type { Db } from '../db/database.js';
import { parseJsonColumn } from '../db/json-column.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/tables/webhooks.js';

/**
 * Reads and writes of webhook_endpoints, and the reads of webhook_deliveries the API shows. Every
 * query of a user's data names the user; the worker's writes are in delivery-transitions.ts.
 */

export function parseEvents(row: Pick<WebhookEndpointRow, 'events'>): WebhookEventType[] {
  const events = parseJsonColumn<unknown[]>(row.events, []);
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
}

/** The user's enabled endpoints that listen to `type`. */
export async function subscribedEndpoints(db: Db, userId: string, type: WebhookEventType) {
  const rows = await db
    .selectFrom('webhookEndpoints')
    .select(['id', 'events'])
    .where('userId', '=', userId)
    .where('enabled', '=', 1)
    .execute();
  return rows.filter((row) => parseEvents(row).includes(type));
}

export function listEndpointRows(db: Db, userId: string): Promise<WebhookEndpointRow[]> {
  return db
    .selectFrom('webhookEndpoints')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findEndpointRow(db: Db, userId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhookEndpoints')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countEndpoints(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('webhookEndpoints')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertEndpoint(db: Db, row: WebhookEndpointRow): Promise<void> {
  await db.insertInto('webhookEndpoints').values(row).execute();
}

export async function updateEndpointRow(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<Omit<WebhookEndpointRow, 'id' | 'userId' | 'createdAt'>>,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhookEndpoints')
    .set(changes)
    .where('userId', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpointRow(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('webhookEndpoints')
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The endpoint's latest deliveries, newest first. */
export function listDeliveryRows(
  db: Db,
  userId: string,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('userId', '=', userId)
    .where('endpointId', '=', endpointId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function findDeliveryRow(db: Db, userId: string, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db
    .selectFrom('webhookDeliveries')
    .selectAll()
    .where('userId', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}
