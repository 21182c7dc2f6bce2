import type { AppDeps } from '../http/types.js';
import { listDueQueueIds } from './queues.repository.js';
import { runQueue } from './run-queue.js';

const SWEEP_MS = 1000;
const BATCH = 100;

/**
 * Runs every due queue whose run has come. Durable state is in the database (next_run); a
 * one-second sweep only wakes this up, so a restart neither skips nor repeats a run.
 * Answers how many runs created a post.
 */
export async function runDueQueues(deps: AppDeps, now = Date.now()): Promise<number> {
  let created = 0;
  for (;;) {
    const due = await listDueQueueIds(deps.db, now, BATCH);
    let ran = 0;
    for (const queueId of due) {
      try {
        const outcome = await runQueue(deps, queueId, now);
        if (outcome) ran += 1;
        if (outcome?.postId) created += 1;
      } catch (error) {
        deps.logger.error('queue run failed', { queueId, error });
      }
    }
    // A full batch may have left more due queues behind; a batch that ran nothing would loop.
    if (due.length < BATCH || ran === 0) break;
  }
  // The engine publishes the new posts now rather than on its next sweep.
  if (created > 0) deps.scheduler.wake();
  return created;
}

/** Starts the sweep (server/main.ts, when SCHEDULER is on); returns the stop function. */
export function startQueueRunner(deps: AppDeps): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const sweep = () => {
    if (running || stopped) return;
    running = runDueQueues(deps)
      .catch((error) => deps.logger.error('queue sweep failed', { error }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, SWEEP_MS);
  sweep();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
