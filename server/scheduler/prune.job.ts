import { Cron } from 'croner';
import { pruneAuthRecords } from '../auth/prune-auth-records.js';
import type { AppDeps } from '../http/types.js';
import { pruneOutbox } from '../mail/prune-outbox.js';

/** One pass of the hourly clean-up; tests call it with their own clock. */
export async function runPruneJob(deps: Pick<AppDeps, 'db'>, now = Date.now()) {
  const auth = await pruneAuthRecords(deps.db, now);
  const outbox = await pruneOutbox(deps.db, now);
  return { ...auth, outbox };
}

/** Every hour: tables that only grow (sign-in attempts, tokens, OAuth states, the outbox) are pruned. */
export function startPruneJob(deps: Pick<AppDeps, 'db' | 'logger'>): () => void {
  const job = new Cron('17 * * * *', { protect: true, name: 'prune' }, async () => {
    try {
      const run = await runPruneJob(deps);
      const total = Object.values(run).reduce((sum, n) => sum + n, 0);
      if (total > 0) deps.logger.info('prune job', run);
    } catch (error) {
      deps.logger.error('prune job failed', { error });
    }
  });
  return () => job.stop();
}
