import { FEED_LIMITS } from '../../shared/feeds/api.js';
import { scheduleClusterJob } from '../cluster/job-ticks.js';
import type { AppDeps } from '../http/types.js';
import { checkFeed } from './check-feed.js';
import { listDueFeeds } from './feeds.repository.js';

/** One pass: every active feed not checked in the last interval (less a margin), one at a time. */
export async function runFeedsJob(deps: AppDeps, now = Date.now()) {
  // The margin keeps a feed checked by "Check now" a few minutes before the tick in this pass.
  const checkedBefore = now - (FEED_LIMITS.checkEveryMinutes - 5) * 60_000;
  const due = await listDueFeeds(deps.db, checkedBefore);
  let taken = 0;
  let failed = 0;
  for (const feed of due) {
    const outcome = await checkFeed(deps, feed.id, { activeOnly: true });
    if (outcome.status === 'read') taken += outcome.taken;
    if (outcome.status === 'failed') failed += 1;
  }
  return { checked: due.length, taken, failed };
}

/** Every 30 minutes: the feeds are checked; a pass still running when the next is due is not doubled. */
export function startFeedsJob(deps: AppDeps): () => void {
  const tickDeps = { db: deps.db, logger: deps.logger, workerId: deps.cluster.workerId };
  return scheduleClusterJob(
    tickDeps,
    { name: 'feeds', pattern: '*/30 * * * *', leaseMs: deps.config.JOB_LEASE_MS },
    async () => {
      const run = await runFeedsJob(deps);
      if (run.checked > 0) deps.logger.info('feeds checked', run);
    },
  );
}
