import {
  DEFAULT_TIME_FORMAT,
  DEFAULT_TIMEZONE,
  isValidTimezone,
  languageOf,
  type Preferences,
  type UpdatePreferencesInput,
} from '../../shared/settings/preferences.js';
import { AppError } from '../core/errors.js';
import type { AppDeps } from '../http/types.js';

/**
 * The user's profile preferences: time zone and clock format (the defaults of spec 02 when
 * unset), display name and language. The one source the posting schedule and settings share.
 */
export async function getPreferences(deps: AppDeps, userId: string): Promise<Preferences> {
  const row = await deps.db
    .selectFrom('users')
    .select(['timezone', 'timeFormat', 'displayName', 'language'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'Not found');
  return {
    // A zone the runtime no longer knows falls back to UTC rather than breaking every date.
    timezone: row.timezone && isValidTimezone(row.timezone) ? row.timezone : DEFAULT_TIMEZONE,
    timeFormat: row.timeFormat ?? DEFAULT_TIME_FORMAT,
    displayName: row.displayName,
    language: languageOf(row.language),
  };
}

export async function updatePreferences(
  deps: AppDeps,
  userId: string,
  input: UpdatePreferencesInput,
): Promise<Preferences> {
  const changes = {
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
    ...(input.timeFormat !== undefined ? { timeFormat: input.timeFormat } : {}),
    ...(input.displayName !== undefined ? { displayName: input.displayName || null } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await deps.db
      .updateTable('users')
      .set({ ...changes, updatedAt: Date.now() })
      .where('id', '=', userId)
      .execute();
    // Queues that post at wall-clock times follow the user's zone.
    if (input.timezone !== undefined) await deps.replanQueueRuns(userId);
  }
  return getPreferences(deps, userId);
}
