import { sql } from 'kysely';
import { claimDueRows } from '../db/claim-due-rows.js';
import type { Db } from '../db/database.js';
import type { WebhookDeliveryRow } from '../db/tables/webhooks.js';

/**
 * The one writer of a delivery's state. A pending delivery is due when next_attempt_at has come;
 * claiming it moves next_attempt_at past a lease, so another worker (another process on
 * PostgreSQL) does not take it, and a worker that dies while sending leaves it due again once the
 * lease is over. Each outcome applies only to the claim it answers (the next_attempt_at the
 * claim wrote), so a late answer after a lease ran out changes nothing.
 */

/** Claims up to `limit` due deliveries of enabled endpoints; answers the rows as claimed. */
export function claimDueDeliveries(
  db: Db,
  options: { now: number; leaseMs: number; limit: number },
): Promise<WebhookDeliveryRow[]> {
  return claimDueRows<WebhookDeliveryRow>(db, 'webhook_deliveries', {
    ...options,
    also: sql<boolean>`endpoint_id in (select id from webhook_endpoints where enabled = 1)`,
  });
}

interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  now: number;
}

function ofClaim(db: Db, claimed: Pick<WebhookDeliveryRow, 'id' | 'nextAttemptAt'>) {
  return db
    .updateTable('webhookDeliveries')
    .where('id', '=', claimed.id)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '=', claimed.nextAttemptAt);
}

const outcomeColumns = (outcome: AttemptOutcome) => ({
  lastStatusCode: outcome.statusCode,
  lastDurationMs: outcome.durationMs,
  lastError: outcome.error,
  updatedAt: outcome.now,
});

export async function markDelivered(
  db: Db,
  claimed: WebhookDeliveryRow,
  outcome: AttemptOutcome,
): Promise<boolean> {
  const result = await ofClaim(db, claimed)
    .set({
      ...outcomeColumns(outcome),
      status: 'delivered',
      attemptCount: claimed.attemptCount + 1,
      nextAttemptAt: null,
      deliveredAt: outcome.now,
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed attempt: due again at `retryAt`, or failed for good when it is null. */
export async function recordFailure(
  db: Db,
  claimed: WebhookDeliveryRow,
  outcome: AttemptOutcome & { retryAt: number | null },
): Promise<boolean> {
  const result = await ofClaim(db, claimed)
    .set({
      ...outcomeColumns(outcome),
      status: outcome.retryAt === null ? 'failed' : 'pending',
      attemptCount: claimed.attemptCount + 1,
      nextAttemptAt: outcome.retryAt,
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns an endpoint off after its deliveries failed for good; false when it already was. */
export async function disableEndpoint(
  db: Db,
  input: { endpointId: string; reason: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('webhookEndpoints')
    .set({ enabled: 0, disabledReason: input.reason, updatedAt: input.now })
    .where('id', '=', input.endpointId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets finished deliveries older than `before` (Settings lists the last 100 per endpoint). */
export async function pruneFinishedDeliveries(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('webhookDeliveries')
    .where('status', 'in', ['delivered', 'failed'])
    .where('createdAt', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
