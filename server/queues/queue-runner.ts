import { holdForLackOfAccess } from '../billing/access-holds.js';
import { createEngineAccess, type EngineAccess } from '../billing/engine-access.js';
import type { AppDeps } from '../http/types.js';
import { listDueQueues, pauseQueuesWithoutAccess } from './queues.repository.js';
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
  // The subscription gate: each owner's access read once per sweep (null with billing off).
  const access = createEngineAccess(deps);
  for (;;) {
    const listed = await listDueQueues(deps.db, now, BATCH);
    const { due, paused } = access
      ? await pauseWithoutAccess(deps, access, listed, now)
      : { due: listed.map((queue) => queue.id), paused: 0 };
    let ran = paused;
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
    if (listed.length < BATCH || ran === 0) break;
  }
  // The engine publishes the new posts now rather than on its next sweep.
  if (created > 0) deps.engine.wake();
  return created;
}

/**
 * Queues whose owner has no access do not run: they are paused with the spec's message as the
 * reason (the owner is told once per lapse). Answers the ids of the queues that may run, and
 * how many were paused.
 */
async function pauseWithoutAccess(
  deps: AppDeps,
  access: EngineAccess,
  queues: Array<{ id: string; userId: string }>,
  now: number,
): Promise<{ due: string[]; paused: number }> {
  await access.load(queues.map((queue) => queue.userId));
  const allowed: string[] = [];
  const denied = new Map<string, { reason: string; queueIds: string[] }>();
  for (const queue of queues) {
    const reason = access.denial(queue.userId, now);
    if (reason === null) {
      allowed.push(queue.id);
      continue;
    }
    const entry = denied.get(queue.userId) ?? { reason, queueIds: [] };
    entry.queueIds.push(queue.id);
    denied.set(queue.userId, entry);
  }
  let paused = 0;
  for (const [userId, { reason, queueIds }] of denied) {
    const count = await pauseQueuesWithoutAccess(deps.db, { userId, queueIds, reason, now });
    if (count > 0) await holdForLackOfAccess(deps, userId, reason, now);
    paused += count;
  }
  return { due: allowed, paused };
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
