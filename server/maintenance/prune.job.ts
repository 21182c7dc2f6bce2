import { pruneAuthRecords } from '../auth/prune-auth-records.js';
import { pruneWebhookEvents } from '../billing/billing.repository.js';
import { pruneJobTicks, scheduleClusterJob } from '../cluster/job-ticks.js';
import type { AppDeps } from '../http/types.js';
import { pruneIdempotencyKeys } from '../idempotency/idempotency.repository.js';
import { pruneOutbox } from '../mail/prune-outbox.js';
import { pruneUnusedMedia } from '../media/delete-media.js';
import { pruneNotificationDeliveries } from '../notifications/notification-deliveries.js';

type PruneDeps = Pick<AppDeps, 'db' | 'config' | 'logger'>;

/** One pass of the hourly clean-up; tests call it with their own clock. */
export async function runPruneJob(deps: PruneDeps, now = Date.now()) {
  const auth = await pruneAuthRecords(deps.db, now);
  const outbox = await pruneOutbox(deps.db, now);
  const webhookEvents = await pruneWebhookEvents(deps.db, now);
  const unusedMedia = await pruneUnusedMedia(deps, now);
  const idempotencyKeys = await pruneIdempotencyKeys(deps.db, now);
  const notificationDeliveries = await pruneNotificationDeliveries(deps.db, now);
  const jobTicks = await pruneJobTicks(deps.db, now);
  return { ...auth, outbox, webhookEvents, unusedMedia, idempotencyKeys, notificationDeliveries, jobTicks };
}

/**
 * Every hour: tables that only grow (sign-in attempts, tokens, OAuth states, the outbox, applied
 * billing webhooks, idempotency keys past 24 hours) are pruned, and uploads that nothing uses are removed after a day.
 */
export function startPruneJob(deps: PruneDeps & Pick<AppDeps, 'cluster'>): () => void {
  const tickDeps = { db: deps.db, logger: deps.logger, workerId: deps.cluster.workerId };
  return scheduleClusterJob(
    tickDeps,
    { name: 'prune', pattern: '17 * * * *', leaseMs: deps.config.JOB_LEASE_MS },
    async () => {
      const run = await runPruneJob(deps);
      const total = Object.values(run).reduce((sum, n) => sum + n, 0);
      if (total > 0) deps.logger.info('prune job', run);
    },
  );
}
