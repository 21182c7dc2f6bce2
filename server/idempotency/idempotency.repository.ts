import type { Db } from '../db/database.js';

/** Stripe keeps keys 24 hours: a retry later than that is a new request. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/** A claim still pending after this long belongs to a request that died with its process. */
const STALE_CLAIM_MS = 10 * 60_000;

export interface IdempotencyOwner {
  userId: string;
  /** The API token's id, '' for the web app's session. */
  tokenId: string;
  key: string;
}

/**
 * Claims the key for one request before its handler runs: true when this request holds it.
 * The unique index on (user, token, key) makes the claim atomic on both databases, so of two
 * concurrent requests exactly one wins. An expired key, or a claim abandoned by a crash, is
 * cleared first.
 */
export async function claimIdempotencyKey(
  db: Db,
  owner: IdempotencyOwner,
  operation: string,
  now: number,
): Promise<boolean> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', owner.userId)
    .where('tokenId', '=', owner.tokenId)
    .where('idempotencyKey', '=', owner.key)
    .where((eb) =>
      eb.or([
        eb('createdAt', '<=', now - IDEMPOTENCY_KEY_TTL_MS),
        eb.and([eb('status', '=', 'pending'), eb('createdAt', '<=', now - STALE_CLAIM_MS)]),
      ]),
    )
    .execute();
  const inserted = await db
    .insertInto('idempotencyKeys')
    .values({
      userId: owner.userId,
      tokenId: owner.tokenId,
      idempotencyKey: owner.key,
      operation,
      requestHash: null,
      status: 'pending',
      responseStatus: null,
      responseBody: null,
      createdAt: now,
    })
    .onConflict((oc) => oc.columns(['userId', 'tokenId', 'idempotencyKey']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findIdempotencyKey(db: Db, owner: IdempotencyOwner) {
  return db
    .selectFrom('idempotencyKeys')
    .select(['operation', 'requestHash', 'status', 'responseStatus', 'responseBody'])
    .where('userId', '=', owner.userId)
    .where('tokenId', '=', owner.tokenId)
    .where('idempotencyKey', '=', owner.key)
    .executeTakeFirst();
}

/** The first answer, kept for the retries of the next 24 hours. */
export async function completeIdempotencyKey(
  db: Db,
  owner: IdempotencyOwner,
  result: { requestHash: string | null; responseStatus: number; responseBody: string },
): Promise<void> {
  await db
    .updateTable('idempotencyKeys')
    .set({ ...result, status: 'done' })
    .where('userId', '=', owner.userId)
    .where('tokenId', '=', owner.tokenId)
    .where('idempotencyKey', '=', owner.key)
    .where('status', '=', 'pending')
    .execute();
}

/** The request failed before it created anything: the key is free for a retry. */
export async function releaseIdempotencyKey(db: Db, owner: IdempotencyOwner): Promise<void> {
  await db
    .deleteFrom('idempotencyKeys')
    .where('userId', '=', owner.userId)
    .where('tokenId', '=', owner.tokenId)
    .where('idempotencyKey', '=', owner.key)
    .where('status', '=', 'pending')
    .execute();
}

/** Hourly prune: keys past their 24 hours. */
export async function pruneIdempotencyKeys(db: Db, now: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<=', now - IDEMPOTENCY_KEY_TTL_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
