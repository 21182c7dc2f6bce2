import type { ScheduledPostRow } from '../db/schema.js';

/**
 * The claims this process holds on posts. Every claim statement writes a new claim as the posts'
 * lease owner, `<workers.id>:<number>`: the worker is known by the prefix, and an attempt that
 * outlived its lease (a stalled loop) is told apart from the same process's later claim of the
 * same post, so only the attempt of the current claim can mark a request as sent (see
 * publishing/publish-attempts.ts markCommitSent) or settle the post.
 */
export interface Claims {
  /** A claim for the next claim statement. */
  next(): string;
  /** This process works on the post under `claim` (from its claim until it settles). */
  hold(postId: string, claim: string | null): void;
  release(postId: string, claim: string | null): void;
  /** Whether this process is still working on the post under the claim it carries. */
  isHeld(post: Pick<ScheduledPostRow, 'id' | 'leaseOwner'>): boolean;
  /** The claims of every post held: their leases are renewed together. */
  active(): string[];
  /** Whether `claim` is one of this process's (held or not). */
  isOwn(claim: string | null): boolean;
}

export function createClaims(workerId: string): Claims {
  let number = 0;
  const held = new Map<string, string>();
  const prefix = `${workerId}:`;
  return {
    next() {
      number += 1;
      return `${prefix}${number}`;
    },
    hold(postId, claim) {
      if (claim) held.set(postId, claim);
    },
    release(postId, claim) {
      if (held.get(postId) === claim) held.delete(postId);
    },
    isHeld: (post) => post.leaseOwner !== null && held.get(post.id) === post.leaseOwner,
    active: () => [...new Set(held.values())],
    isOwn: (claim) => claim?.startsWith(prefix) ?? false,
  };
}
