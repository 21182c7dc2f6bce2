import type { Db } from '../db/database.js';
import { type PostTransition, TRANSITION_FROM } from './post-states.js';

// The pieces every post transition is made of (post-transitions.ts, post-progress-transitions.ts).

export const from = (transition: PostTransition) => [...TRANSITION_FROM[transition]];

/** No worker holds the post any more. */
export const released = { leaseUntil: null, leaseOwner: null } as const;

/** Failed with the reason shown on the post, and no longer held by a worker. */
export const failedWith = (reason: string, now: number) =>
  ({ status: 'failed', errorMessage: reason, ...released, updatedAt: now }) as const;

export const applied = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) > 0;

/**
 * One post's conditional UPDATE: it matches only in the statuses the transition accepts, and,
 * given the claim an engine attempt runs under (`lease_owner`), only while that claim holds: an
 * attempt whose post another worker took over changes nothing.
 */
export function onePost(db: Db, postId: string, transition: PostTransition, claim?: string | null) {
  const query = db
    .updateTable('scheduledPosts')
    .where('id', '=', postId)
    .where('status', 'in', from(transition));
  return claim ? query.where('leaseOwner', '=', claim) : query;
}

/** The same, answering the row it moved (undefined when it did not apply). */
export function settle(db: Db, postId: string, transition: PostTransition, claim?: string | null) {
  return onePost(db, postId, transition, claim).returningAll();
}
