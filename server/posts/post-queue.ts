import type { Db } from '../db/database.js';
import type { AppDeps } from '../http/types.js';
import { findNextFreeSlot } from '../schedule/next-free-slot.js';
import { getPreferences } from '../settings/preferences.service.js';
import type { PostTiming } from './post-schedule.js';

/** The user's zone, read before the transaction (a query on deps.db inside one would wait on it). */
export async function queueZone(deps: AppDeps, userId: string): Promise<string> {
  return (await getPreferences(deps, userId)).timezone;
}

/**
 * "Add to queue": scheduled at the account's next free posting time in the user's zone. `trx` is
 * the transaction that writes the post, so the slot cannot be taken twice.
 */
export async function queueTiming(
  trx: Db,
  input: { userId: string; accountId: string; timezone: string; now: number; excludePostId?: string },
): Promise<PostTiming> {
  return { status: 'scheduled', isDraft: 0, scheduledAt: await findNextFreeSlot(trx, input) };
}
