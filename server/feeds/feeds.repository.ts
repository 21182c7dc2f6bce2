import type { Db } from '../db/database.js';
import type { FeedRow, FeedsTable } from '../db/schema.js';

/**
 * The one writer of feeds and feed_seen_items. Every query names the owner, except the timed
 * check's own reads and transitions, which start from a feed the job listed.
 */

export async function insertFeed(db: Db, row: FeedRow): Promise<void> {
  await db.insertInto('feeds').values(row).execute();
}

export function listFeedsOfUser(db: Db, userId: string): Promise<FeedRow[]> {
  return db
    .selectFrom('feeds')
    .selectAll()
    .where('userId', '=', userId)
    .orderBy('createdAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

export function findFeedOfUser(db: Db, userId: string, feedId: string): Promise<FeedRow | undefined> {
  return db
    .selectFrom('feeds')
    .selectAll()
    .where('id', '=', feedId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function countFeedsOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('feeds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type FeedSettings = Partial<Pick<FeedsTable, 'accountIds' | 'template' | 'takeImage' | 'target' | 'queueId'>>;

export async function updateFeedSettings(
  db: Db,
  userId: string,
  feedId: string,
  changes: FeedSettings,
  now: number,
) {
  await db
    .updateTable('feeds')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', feedId)
    .where('userId', '=', userId)
    .execute();
}

/**
 * The feed reads another address (with any other settings changed at once), unless a check holds
 * it (false then). What belonged to the old
 * address starts again: its validators, its failures, its last check; the next check counts as a
 * first one and takes only the newest items, while the keys seen before stay seen, so an article
 * the feed took under its old address is not taken twice. A feed Postloom paused after failed
 * checks of the old address is active again; one the user paused stays paused.
 */
export async function changeFeedAddress(
  db: Db,
  userId: string,
  feedId: string,
  address: { url: string; title: string },
  settings: FeedSettings,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('feeds')
      .set({
        ...settings,
        ...address,
        etag: null,
        lastModified: null,
        lastCheckedAt: null,
        lastSuccessAt: null,
        lastError: null,
        lastItemProblem: null,
        consecutiveFailures: 0,
        updatedAt: now,
      })
      .where('id', '=', feedId)
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('checkingUntil', 'is', null), eb('checkingUntil', '<=', now)]))
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('feeds')
      .set({ status: 'active', pausedReason: null })
      .where('id', '=', feedId)
      .where('status', '=', 'paused')
      .where('pausedReason', 'is not', null)
      .execute();
    return true;
  });
}

/** The user pauses an active feed (no reason: the user did it). */
export async function pauseFeed(db: Db, userId: string, feedId: string, now: number) {
  await db
    .updateTable('feeds')
    .set({ status: 'paused', pausedReason: null, updatedAt: now })
    .where('id', '=', feedId)
    .where('userId', '=', userId)
    .where('status', '=', 'active')
    .execute();
}

/** The user resumes a paused feed: its failure count starts again. */
export async function resumeFeed(db: Db, userId: string, feedId: string, now: number) {
  await db
    .updateTable('feeds')
    .set({ status: 'active', pausedReason: null, consecutiveFailures: 0, lastError: null, updatedAt: now })
    .where('id', '=', feedId)
    .where('userId', '=', userId)
    .where('status', '=', 'paused')
    .execute();
}

export async function deleteFeedOfUser(db: Db, userId: string, feedId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('feeds')
    .where('id', '=', feedId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Active feeds not checked since `checkedBefore`, oldest check first (never checked first of all). */
export function listDueFeeds(db: Db, checkedBefore: number): Promise<FeedRow[]> {
  return db
    .selectFrom('feeds')
    .selectAll()
    .where('status', '=', 'active')
    .where((eb) => eb.or([eb('lastCheckedAt', 'is', null), eb('lastCheckedAt', '<', checkedBefore)]))
    .orderBy('lastCheckedAt', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/**
 * Takes the feed for one check until `until`: an atomic claim, so the timed job and "Check now"
 * never read and take the same items at once. False when another check holds it.
 */
export async function claimFeedCheck(db: Db, feedId: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('feeds')
    .set({ checkingUntil: until })
    .where('id', '=', feedId)
    .where((eb) => eb.or([eb('checkingUntil', 'is', null), eb('checkingUntil', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The feed a check has claimed (any owner: the check started from the job's list or the owner's request). */
export function findClaimedFeed(db: Db, feedId: string): Promise<FeedRow | undefined> {
  return db.selectFrom('feeds').selectAll().where('id', '=', feedId).executeTakeFirst();
}

/** Gives the claim back without a check (the feed was paused in the meantime). */
export async function releaseFeedCheck(db: Db, feedId: string): Promise<void> {
  await db.updateTable('feeds').set({ checkingUntil: null }).where('id', '=', feedId).execute();
}

/** A check that read the feed (or heard 304): failures start again, the claim is released. */
export async function recordCheckSuccess(
  db: Db,
  feedId: string,
  result: {
    now: number;
    validators?: { etag: string | null; lastModified: string | null };
    taken: number;
    itemProblem?: string | null;
  },
) {
  await db
    .updateTable('feeds')
    .set((eb) => ({
      lastCheckedAt: result.now,
      lastSuccessAt: result.now,
      lastError: null,
      consecutiveFailures: 0,
      itemsTaken: eb('itemsTaken', '+', result.taken),
      checkingUntil: null,
      updatedAt: result.now,
      ...(result.validators ?? {}),
      ...(result.itemProblem !== undefined ? { lastItemProblem: result.itemProblem } : {}),
    }))
    .where('id', '=', feedId)
    .execute();
}

/**
 * A failed check. The one that reaches `failuresBeforePause` in a row pauses the feed with the
 * reason; only the check that made the active feed paused answers true (so one notification).
 */
export async function recordCheckFailure(
  db: Db,
  feedId: string,
  failure: { now: number; message: string; failuresBeforePause: number; pausedReason: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('feeds')
      .set((eb) => ({
        lastCheckedAt: failure.now,
        lastError: failure.message,
        consecutiveFailures: eb('consecutiveFailures', '+', 1),
        checkingUntil: null,
        updatedAt: failure.now,
      }))
      .where('id', '=', feedId)
      .execute();
    const paused = await trx
      .updateTable('feeds')
      .set({ status: 'paused', pausedReason: failure.pausedReason })
      .where('id', '=', feedId)
      .where('status', '=', 'active')
      .where('consecutiveFailures', '>=', failure.failuresBeforePause)
      .executeTakeFirst();
    return Number(paused.numUpdatedRows) === 1;
  });
}

/** The keys among `keys` this feed has already shown. */
export async function seenKeys(db: Db, feedId: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('feedSeenItems')
    .select('itemKey')
    .where('feedId', '=', feedId)
    .where('itemKey', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.itemKey));
}

/** Records keys as seen; a key seen before stays as it was. */
export async function markSeen(db: Db, feedId: string, keys: string[], now: number): Promise<void> {
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += 200) {
    await db
      .insertInto('feedSeenItems')
      .values(unique.slice(i, i + 200).map((itemKey) => ({ feedId, itemKey, seenAt: now })))
      .onConflict((oc) => oc.columns(['feedId', 'itemKey']).doNothing())
      .execute();
  }
}
