import {
  type AddPostingTimeInput,
  type PostingTimeDto,
  SCHEDULE_MESSAGES,
  toTimeOfDay,
} from '../../shared/schedule/schedule.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';
import { assertOwnAccount, ensureDefaultSchedule, targetSchedule } from './get-schedule.js';
import { getRecommendations } from './recommendations.service.js';
import { clearTimes, deleteTime, findSchedule, insertTimes, listTimes } from './schedule.repository.js';

/** Adds a time on one weekday, or on all seven for Every Day (spec 02 section 5). */
export async function addPostingTime(
  deps: AppDeps,
  userId: string,
  input: AddPostingTimeInput,
  now = Date.now(),
): Promise<PostingTimeDto[]> {
  const scheduleId = await targetSchedule(deps, userId, input.accountId);
  const time = toTimeOfDay(input.hour, input.minute, input.period);
  const days = input.day === 'everyday' ? [0, 1, 2, 3, 4, 5, 6] : [input.day];
  const added = await insertTimes(deps.db, {
    scheduleId,
    userId,
    times: days.map((day) => ({ day, time })),
    now,
  });
  if (added === 0) throw new AppError('conflict', SCHEDULE_MESSAGES.timeExists);
  await deps.replanQueueRuns(userId, now);
  return listTimes(deps.db, scheduleId);
}

export async function deletePostingTime(deps: AppDeps, userId: string, timeId: string): Promise<void> {
  if (!(await deleteTime(deps.db, userId, timeId))) throw new AppError('not_found', 'Posting time not found');
  await deps.replanQueueRuns(userId);
}

export async function clearPostingTimes(
  deps: AppDeps,
  userId: string,
  accountId: string | undefined,
): Promise<void> {
  await clearTimes(deps.db, userId, await targetSchedule(deps, userId, accountId));
  await deps.replanQueueRuns(userId);
}

/**
 * "Use these times": the account's top recommended slots go into the schedule it posts on (its
 * own, or the default one).
 */
export async function addRecommendedTimes(
  deps: AppDeps,
  userId: string,
  accountId: string,
  now = Date.now(),
): Promise<PostingTimeDto[]> {
  await assertOwnAccount(deps.db, userId, accountId);
  const recommendation = (await getRecommendations(deps, userId)).find(
    (entry) => entry.accountId === accountId,
  );
  const own = await findSchedule(deps.db, userId, accountId);
  const scheduleId = own?.id ?? (await ensureDefaultSchedule(deps, userId, now));
  const times = (recommendation?.slots ?? []).map((slot) => ({ day: slot.dayOfWeek, time: slot.timeSlot }));
  await insertTimes(deps.db, { scheduleId, userId, times, now });
  await deps.replanQueueRuns(userId, now);
  return listTimes(deps.db, scheduleId);
}
