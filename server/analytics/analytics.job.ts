import { Cron } from 'croner';
import { lastFinishedTick, runTickOnce, scheduleClusterJob } from '../cluster/job-ticks.js';
import type { AppDeps } from '../http/types.js';
import { collectAnalytics } from './collect-analytics.js';

const JOB = 'analytics';
const FIRST_RUN_AFTER_MS = 60_000;
/** A first collection after the start is skipped when a process of the install collected this recently. */
const FRESH_MS = 3_600_000;

/**
 * Every hour at :40 (ANALYTICS_SCHEDULE), and a minute after the start unless a collection ran
 * in the last hour: every account's numbers are read, once for the install however many
 * processes run the job. A pass that is still running when the next one is due is not doubled.
 */
export function startAnalyticsJob(deps: AppDeps): () => void {
  const tickDeps = { db: deps.db, logger: deps.logger, workerId: deps.cluster.workerId };
  const collect = async () => {
    const result = await collectAnalytics(deps);
    deps.logger.info('analytics collected', {
      accounts: result.accounts,
      posts: result.posts,
      failed: result.failed.length,
    });
  };
  const stopSchedule = scheduleClusterJob(
    tickDeps,
    { name: JOB, pattern: deps.config.ANALYTICS_SCHEDULE, leaseMs: deps.config.JOB_LEASE_MS },
    collect,
  );
  const first = new Cron(new Date(Date.now() + FIRST_RUN_AFTER_MS), { maxRuns: 1 }, async () => {
    try {
      const last = await lastFinishedTick(deps.db, JOB);
      if (last !== null && Date.now() - last < FRESH_MS) return;
      // The start's own tick, by the minute: processes started together share it.
      const tickAt = Math.floor(Date.now() / 60_000) * 60_000;
      await runTickOnce(tickDeps, { name: JOB, tickAt, leaseMs: deps.config.JOB_LEASE_MS }, collect);
    } catch (error) {
      deps.logger.error('analytics job failed', { error });
    }
  });
  return () => {
    stopSchedule();
    first.stop();
  };
}
