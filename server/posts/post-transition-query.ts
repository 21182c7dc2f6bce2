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

/** One post's conditional UPDATE: it matches only in the statuses the transition accepts. */
export function onePost(db: Db, postId: string, transition: PostTransition) {
  return db.updateTable('scheduledPosts').where('id', '=', postId).where('status', 'in', from(transition));
}

/** The same, answering the row it moved (undefined when it did not apply). */
export function settle(db: Db, postId: string, transition: PostTransition) {
  return onePost(db, postId, transition).returningAll();
}
