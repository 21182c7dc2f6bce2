import { DELIVERY_TIMEOUT_MS, nextAttemptAt } from '../../shared/webhooks/retry-schedule.js';
import { type PollLoop, startPollLoop } from '../core/poll-loop.js';
import type { WebhookDeliveryRow } from '../db/tables/webhooks.js';
import type { AppDeps } from '../http/types.js';
import { createNotification } from '../notifications/create-notification.js';
import {
  claimDueDeliveries,
  disableEndpoint,
  markDelivered,
  pruneFinishedDeliveries,
  recordFailure,
} from './delivery-transitions.js';
import { sendWebhook } from './send-webhook.js';
import { signingSecrets } from './webhook-secrets.js';

type Deps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'cipher' | 'events'>;

/** A claimed delivery is someone else's to send again once this is over (the attempt's own cap and a margin). */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 20_000;
const BATCH = 20;
const POLL_MS = 1_000;
/** Finished deliveries are kept this long, and pruned at most this often. */
const KEEP_FINISHED_MS = 30 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

export type WebhookWorker = PollLoop;

/**
 * Sends the outbox: every POLL_MS (or when woken) it claims the due deliveries and sends them.
 * Durable state is in webhook_deliveries only, so a restart picks up exactly where the last
 * process stopped; several processes share the work through the claim (delivery-transitions.ts).
 */
export function startWebhookWorker(deps: Deps, options: { pollMs?: number } = {}): WebhookWorker {
  let prunedAt = 0;
  return startPollLoop(
    async (stopping) => {
      while ((await deliverDueWebhooks(deps)) === BATCH && !stopping()) {}
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneFinishedDeliveries(deps.db, prunedAt - KEEP_FINISHED_MS);
      }
    },
    {
      pollMs: options.pollMs ?? POLL_MS,
      onError: (error) => deps.logger.error('webhook delivery pass failed', { error }),
    },
  );
}

/** One pass: claims up to BATCH due deliveries and sends them side by side; answers how many. */
export async function deliverDueWebhooks(deps: Deps, now = Date.now()): Promise<number> {
  const claimed = await claimDueDeliveries(deps.db, { now, leaseMs: LEASE_MS, limit: BATCH });
  await Promise.all(claimed.map((delivery) => attempt(deps, delivery)));
  return claimed.length;
}

async function attempt(deps: Deps, delivery: WebhookDeliveryRow): Promise<void> {
  const endpoint = await deps.db
    .selectFrom('webhookEndpoints')
    .selectAll()
    .where('id', '=', delivery.endpointId)
    .where('userId', '=', delivery.userId)
    .executeTakeFirst();
  if (!endpoint) return;
  const result = await sendWebhook({
    url: endpoint.url,
    secrets: signingSecrets(deps.cipher, endpoint, Date.now()),
    eventId: delivery.eventId,
    body: delivery.payload,
    allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK,
  });
  const now = Date.now();
  const outcome = { statusCode: result.statusCode, durationMs: result.durationMs, error: result.error, now };
  if (result.ok) {
    await markDelivered(deps.db, delivery, outcome);
    return;
  }
  const retryAt = nextAttemptAt(delivery.attemptCount + 1, now, deps.config.WEBHOOK_RETRY_SCALE);
  const gaveUp = await deps.db.transaction().execute(async (trx) => {
    const recorded = await recordFailure(trx, delivery, { ...outcome, retryAt });
    if (!recorded || retryAt !== null) return false;
    return disableEndpoint(trx, { endpointId: endpoint.id, reason: DISABLED_REASON, now });
  });
  if (!gaveUp) return;
  await createNotification(deps, {
    userId: endpoint.userId,
    type: 'system',
    title: 'Webhook endpoint turned off',
    message: `Deliveries to ${endpoint.url} kept failing (last: ${result.error ?? 'no answer'}), so Postloom stopped sending to it. Fix the receiver, then turn the endpoint on again in Settings > Webhooks.`,
    data: { category: 'posts', webhookEndpointId: endpoint.id },
  });
}

const DISABLED_REASON = 'Turned off after a delivery failed at every retry.';
