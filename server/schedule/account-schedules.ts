import type { AppDeps } from '../http/types.js';
import { assertOwnAccount, ensureDefaultSchedule } from './get-schedule.js';
import { createSchedule, deleteSchedule, findSchedule, listTimes } from './schedule.repository.js';

/**
 * Gives an account its own posting times (as Buffer does per channel), starting from a copy of
 * the default schedule. Until then every account posts on the default schedule.
 */
export async function enableAccountSchedule(
  deps: AppDeps,
  userId: string,
  accountId: string,
  now = Date.now(),
) {
  await assertOwnAccount(deps.db, userId, accountId);
  if (await findSchedule(deps.db, userId, accountId)) return;
  const defaultId = await ensureDefaultSchedule(deps, userId, now);
  const times = (await listTimes(deps.db, defaultId)).map(({ day, time }) => ({ day, time }));
  await createSchedule(deps.db, { userId, accountId, times, now });
  await deps.replanQueueRuns(userId, now);
}

/** The account goes back to the default schedule; its own times are deleted. */
export async function disableAccountSchedule(deps: AppDeps, userId: string, accountId: string) {
  await assertOwnAccount(deps.db, userId, accountId);
  const own = await findSchedule(deps.db, userId, accountId);
  if (own) await deleteSchedule(deps.db, userId, own.id);
  await deps.replanQueueRuns(userId);
}
