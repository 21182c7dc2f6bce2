import type { Db } from '../db/database.js';
import { firstRunAfter } from './queue-rhythm.js';
import { listClockQueuesForUser } from './queues.repository.js';

/**
 * The user's posting times or time zone changed: queues that run at wall-clock times take their
 * rhythm's next time from now on, so the next run they show is right. A queue whose run is due
 * this very moment is left to the runner (it must not be pushed past a run it owes).
 */
export async function replanQueueRuns(db: Db, userId: string, now = Date.now()): Promise<void> {
  for (const queue of await listClockQueuesForUser(db, userId)) {
    if (queue.nextRun !== null && queue.nextRun <= now) continue;
    const nextRun = await firstRunAfter(db, queue, now);
    if (nextRun === queue.nextRun) continue;
    await db
      .updateTable('queues')
      .set({ nextRun, updatedAt: now })
      .where('id', '=', queue.id)
      .where('userId', '=', userId)
      .where('isActive', '=', 1)
      .where('nextRun', queue.nextRun === null ? 'is' : '=', queue.nextRun)
      .execute();
  }
}
