import type { PlatformId } from '../../shared/platforms/ids.js';
import { LONGEST_POSTING_CAP_WINDOW_MS, postingCap } from '../../shared/platforms/posting-rules.js';
import { type Db, withTransaction } from '../db/database.js';
import { sqlDialect } from '../db/sql-dialect.js';

/**
 * Platforms' own posting caps per account, from the platform registry. A post over the cap waits
 * for the window instead of failing. The slots are rows of posting_slots (the one writer of that
 * table), taken under a lock per account before an attempt: every process of the install counts
 * the same creates, so N processes never send N full caps, and a restart forgets nothing. An
 * attempt that sent no create request gives its slot back.
 */

export interface SlotsTaken {
  /** The posts that may be sent now, in the order given. */
  allowed: string[];
  /** The rest, and when the account's window has room again. */
  deferred: Array<{ postId: string; retryAt: number }>;
}

/** Takes a slot in the account's window for each post it has room for, in order. */
export async function takePostingSlots(
  db: Db,
  input: { platform: PlatformId; accountId: string; postIds: readonly string[]; now: number },
): Promise<SlotsTaken> {
  const cap = postingCap(input.platform);
  if (!cap || input.postIds.length === 0) return { allowed: [...input.postIds], deferred: [] };
  return withTransaction(db, async (trx) => {
    await sqlDialect(trx).holdLock(trx, `posting-cap:${input.accountId}`);
    const since = input.now - cap.windowMs;
    const taken = await trx
      .selectFrom('postingSlots')
      .select('takenAt')
      .where('socialAccountId', '=', input.accountId)
      .where('takenAt', '>', since)
      .orderBy('takenAt', 'asc')
      .execute();
    const room = Math.max(0, cap.count - taken.length);
    const allowed = input.postIds.slice(0, room);
    if (allowed.length > 0) {
      await trx
        .insertInto('postingSlots')
        .values(
          allowed.map((postId) => ({
            socialAccountId: input.accountId,
            platform: input.platform,
            postId,
            takenAt: input.now,
          })),
        )
        .execute();
    }
    // The window has room again when its oldest create leaves it (the first of these if full now).
    const retryAt = (taken[0]?.takenAt ?? input.now) + cap.windowMs;
    return {
      allowed,
      deferred: input.postIds.slice(room).map((postId) => ({ postId, retryAt })),
    };
  });
}

/** Slots older than the longest window count for nothing any more. */
export async function prunePostingSlots(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('postingSlots')
    .where('takenAt', '<', now - LONGEST_POSTING_CAP_WINDOW_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The slot of an attempt that sent no create request goes back (a claim lost to another worker,
 * a process stopping, a failure before the request): the post's newest slot taken no later than
 * the attempt started (`attemptStartedAt`), since a slot is taken before its attempt starts.
 * A worker that took the post over after this one's lease ran out took its slot later, and
 * keeps it.
 */
export async function releasePostingSlot(
  db: Db,
  input: { postId: string; attemptStartedAt: number },
): Promise<void> {
  const own = db
    .selectFrom('postingSlots')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('postId', '=', input.postId)
    .where('takenAt', '<=', input.attemptStartedAt);
  await db.deleteFrom('postingSlots').where('id', '=', own).execute();
}
