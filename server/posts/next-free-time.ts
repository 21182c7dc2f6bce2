import type { Db } from '../db/database.js';
import { sqlDialect } from '../db/sql-dialect.js';
import type { AppDeps } from '../http/types.js';
import { findNextFreeTime } from '../schedule/next-free-time.js';
import { getPreferences } from '../settings/preferences.service.js';
import type { PostTiming } from './post-timing.js';

/** The user's zone, read before the transaction (a query on deps.db inside one would wait on it). */
export async function nextFreeTimeZone(deps: AppDeps, userId: string): Promise<string> {
  return (await getPreferences(deps, userId)).timezone;
}

/**
 * "Add to next free time" (the API's `action: 'queue'`, "Add to queue" in the interface): scheduled
 * at the account's next free posting time in the user's zone. `trx` is the transaction that
 * writes the post: until it ends, another request of the same user waits here instead of reading
 * the same free slot (on SQLite transactions already run one at a time).
 */
export async function nextFreeTimeTiming(
  trx: Db,
  input: { userId: string; accountId: string; timezone: string; now: number; excludePostId?: string },
): Promise<PostTiming> {
  await sqlDialect(trx).holdLock(trx, `next-free-time:${input.userId}`);
  return { status: 'scheduled', isDraft: 0, scheduledAt: await findNextFreeTime(trx, input) };
}
