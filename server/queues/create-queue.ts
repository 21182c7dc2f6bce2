import {
  type CreateQueueInput,
  QUEUE_LIMITS,
  QUEUE_MESSAGES,
  type QueueDto,
  type QueueRhythmInput,
} from '../../shared/queues/api.js';
import { AppError } from '../core/errors.js';
import { newId } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { sqlDialect } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';
import { getQueue } from './list-queues.js';
import { firstRunAfter } from './queue-rhythm.js';
import { countQueuesForUser, insertQueue } from './queues.repository.js';

/** A queue may follow only its owner's account's posting times: another user's id looks missing. */
export async function assertScheduleAccount(db: Db, userId: string, accountId: string | null) {
  if (accountId === null) return;
  const row = await db
    .selectFrom('socialAccounts')
    .select('id')
    .where('id', '=', accountId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', QUEUE_MESSAGES.accountNotFound, { field: 'scheduleAccountId' });
}

/**
 * A new queue starts active (spec 02 section 4). Its first run is its rhythm's first time after
 * now, shown before any item is added; an item added later waits for it ("Post next item now"
 * sends one at once).
 */
export async function createQueue(
  deps: AppDeps,
  userId: string,
  input: CreateQueueInput,
  now = Date.now(),
): Promise<QueueDto> {
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    // Counted and inserted by one request of this user at a time, so the limit holds.
    await sqlDialect(trx).holdLock(trx, `queues:${userId}`);
    if ((await countQueuesForUser(trx, userId)) >= QUEUE_LIMITS.queuesPerUser) {
      throw new AppError('conflict', QUEUE_MESSAGES.tooManyQueues);
    }
    const scheduleAccountId = input.runMode === 'schedule' ? input.scheduleAccountId : null;
    await assertScheduleAccount(trx, userId, scheduleAccountId);
    const rhythm = {
      userId,
      intervalHours: input.intervalHours,
      runMode: input.runMode,
      runTimes: JSON.stringify(input.runTimes),
      runDays: JSON.stringify(input.runDays),
      scheduleAccountId,
    };
    const nextRun = await firstRunAfter(trx, { ...rhythm, lastRunAt: null, createdAt: now }, now);
    if (nextRun === null) throw new AppError('validation_error', QUEUE_MESSAGES.noPostingTimes);
    await insertQueue(trx, {
      id,
      name: input.name,
      description: input.description,
      isRepeatable: input.isRepeatable ? 1 : 0,
      ...rhythm,
      isActive: 1,
      nextRun,
      lastRunAt: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return getQueue(deps, userId, id);
}

/** The first run a queue with this rhythm would have if it were created now (nothing is stored). */
export async function previewFirstRun(
  deps: AppDeps,
  userId: string,
  input: QueueRhythmInput,
  now = Date.now(),
): Promise<{ nextRun: string | null }> {
  const scheduleAccountId = input.runMode === 'schedule' ? input.scheduleAccountId : null;
  await assertScheduleAccount(deps.db, userId, scheduleAccountId);
  const nextRun = await firstRunAfter(
    deps.db,
    {
      userId,
      intervalHours: input.intervalHours,
      runMode: input.runMode,
      runTimes: JSON.stringify(input.runTimes),
      runDays: JSON.stringify(input.runDays),
      scheduleAccountId,
      lastRunAt: null,
      createdAt: now,
    },
    now,
  );
  return { nextRun: nextRun === null ? null : new Date(nextRun).toISOString() };
}
