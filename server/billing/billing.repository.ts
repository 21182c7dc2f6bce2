import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import type { SubscriptionRow } from '../db/schema.js';
import type { SubscriptionFields } from './subscription-mapping.js';

const PROVIDER = 'lemonsqueezy';

/** The user's subscriptions, newest first (usually one). */
export async function listUserSubscriptions(db: Db, userId: string): Promise<SubscriptionRow[]> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'desc')
    .execute();
}

export async function findByProviderId(db: Db, providerSubscriptionId: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', PROVIDER)
    .where('providerSubscriptionId', '=', providerSubscriptionId)
    .executeTakeFirst();
}

/**
 * Writes the provider's state unless a newer one is already stored (webhooks can arrive out of
 * order). Returns false for a stale state. An existing row keeps its owner.
 */
export async function saveProviderState(
  db: Db,
  input: { userId: string; providerSubscriptionId: string; fields: SubscriptionFields; now: number },
): Promise<boolean> {
  const existing = await findByProviderId(db, input.providerSubscriptionId);
  if (existing) {
    if (existing.providerUpdatedAt > input.fields.providerUpdatedAt) return false;
    await db
      .updateTable('subscriptions')
      .set({ ...input.fields, updatedAt: input.now })
      .where('id', '=', existing.id)
      .execute();
    return true;
  }
  await db
    .insertInto('subscriptions')
    .values({
      id: newId(),
      userId: input.userId,
      provider: PROVIDER,
      providerSubscriptionId: input.providerSubscriptionId,
      ...input.fields,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .execute();
  return true;
}

/**
 * Marks a renewal failure; an ended subscription stays ended. Ordered like subscription events:
 * an invoice older than the stored state (a late delivery, after a renewal that succeeded) is
 * stale and changes nothing.
 */
export async function markPastDue(
  db: Db,
  input: { providerSubscriptionId: string; invoiceUpdatedAt: number; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('subscriptions')
    .set({ status: 'past_due', providerUpdatedAt: input.invoiceUpdatedAt, updatedAt: input.now })
    .where('provider', '=', PROVIDER)
    .where('providerSubscriptionId', '=', input.providerSubscriptionId)
    .where('status', 'in', ['active', 'trialing'])
    .where('providerUpdatedAt', '<=', input.invoiceUpdatedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Claims a webhook delivery; false when the same delivery was already applied. */
export async function claimWebhookEvent(
  db: Db,
  event: { id: string; eventName: string; now: number },
): Promise<boolean> {
  const result = await db
    .insertInto('billingWebhookEvents')
    .values({
      id: event.id,
      eventName: event.eventName,
      userId: null,
      outcome: 'received',
      receivedAt: event.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function finishWebhookEvent(
  db: Db,
  event: { id: string; userId: string | null; outcome: string },
): Promise<void> {
  await db
    .updateTable('billingWebhookEvents')
    .set({ userId: event.userId, outcome: event.outcome })
    .where('id', '=', event.id)
    .execute();
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  return Boolean(row);
}

/** Lemon Squeezy retries a delivery for days, not months: 90 days of applied deliveries are kept. */
const WEBHOOK_EVENTS_KEEP_MS = 90 * 24 * 60 * 60_000;

export async function pruneWebhookEvents(db: Db, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('billingWebhookEvents')
    .where('receivedAt', '<', now - WEBHOOK_EVENTS_KEEP_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
