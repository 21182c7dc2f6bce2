import {
  DEFAULT_POSTING_TIMES,
  type PostingScheduleDto,
  SCHEDULE_MESSAGES,
  type ScheduleOverviewDto,
} from '../../shared/schedule/schedule.js';
import { AppError } from '../core/errors.js';
import type { Db } from '../db/database.js';
import type { AppDeps } from '../http/types.js';
import { getPreferences } from '../settings/preferences.service.js';
import { createSchedule, findSchedule, listCustomAccountIds, listTimes } from './schedule.repository.js';

/** The account must be the user's: a foreign id answers 404 like an unknown one. */
export async function assertOwnAccount(db: Db, userId: string, accountId: string): Promise<void> {
  const row = await db
    .selectFrom('socialAccounts')
    .select('id')
    .where('id', '=', accountId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'Account not found');
}

/**
 * The user's default schedule, created on the first visit: 09:00 and 14:00 on all seven days
 * (spec 02 section 9), in the user's stored zone. The zone is never changed here: it was set at
 * sign-up or in the settings, and the page offers the browser's zone for the user to take or
 * leave (issue 21). The clock becomes 24h unless the user already picked one.
 */
export async function ensureDefaultSchedule(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  now = Date.now(),
): Promise<string> {
  const existing = await findSchedule(deps.db, userId, null);
  if (existing) return existing.id;
  return deps.db.transaction().execute(async (trx) => {
    const again = await findSchedule(trx, userId, null);
    if (again) return again.id;
    await trx
      .updateTable('users')
      .set({ timeFormat: '24h', updatedAt: now })
      .where('id', '=', userId)
      .where('timeFormat', 'is', null)
      .execute();
    const times = [0, 1, 2, 3, 4, 5, 6].flatMap((day) =>
      DEFAULT_POSTING_TIMES.map((time) => ({ day, time })),
    );
    return createSchedule(trx, { userId, accountId: null, times, now });
  });
}

/**
 * GET /api/schedule: the default schedule, or an account's own one (the default when it has
 * none), with the zone and clock every time on the page uses.
 */
export async function getSchedule(
  deps: AppDeps,
  userId: string,
  options: { accountId?: string } = {},
): Promise<ScheduleOverviewDto> {
  const defaultId = await ensureDefaultSchedule(deps, userId);
  let scheduleId = defaultId;
  let accountId: string | null = null;
  if (options.accountId) {
    await assertOwnAccount(deps.db, userId, options.accountId);
    const own = await findSchedule(deps.db, userId, options.accountId);
    if (own) {
      scheduleId = own.id;
      accountId = options.accountId;
    }
  }
  const preferences = await getPreferences(deps, userId);
  const schedule: PostingScheduleDto = {
    id: scheduleId,
    accountId,
    timezone: preferences.timezone,
    timeFormat: preferences.timeFormat,
    times: await listTimes(deps.db, scheduleId),
  };
  return { schedule, customAccountIds: await listCustomAccountIds(deps.db, userId) };
}

/** The schedule a change applies to: the account's own one, or the default. */
export async function targetSchedule(
  deps: AppDeps,
  userId: string,
  accountId: string | undefined,
): Promise<string> {
  if (accountId) {
    await assertOwnAccount(deps.db, userId, accountId);
    const own = await findSchedule(deps.db, userId, accountId);
    if (!own) throw new AppError('not_found', SCHEDULE_MESSAGES.noScheduleToUpdate);
    return own.id;
  }
  const existing = await findSchedule(deps.db, userId, null);
  if (!existing) throw new AppError('not_found', SCHEDULE_MESSAGES.noSchedule);
  return existing.id;
}
