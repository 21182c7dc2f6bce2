import { Cron } from 'croner';
import type { AppDeps } from '../http/types.js';
import { collectAnalytics } from './collect-analytics.js';

/**
 * Every hour at :40 (and once a minute after the start): every account's numbers are read.
 * A pass that is still running when the next one is due is not started twice.
 */
export function startAnalyticsJob(deps: AppDeps): () => void {
  const run = async () => {
    try {
      const result = await collectAnalytics(deps);
      deps.logger.info('analytics collected', {
        accounts: result.accounts,
        posts: result.posts,
        failed: result.failed.length,
      });
    } catch (error) {
      deps.logger.error('analytics job failed', { error });
    }
  };
  const job = new Cron('40 * * * *', { protect: true, name: 'analytics' }, run);
  const first = new Cron(new Date(Date.now() + 60_000), { name: 'analytics-first' }, run);
  return () => {
    job.stop();
    first.stop();
  };
}
