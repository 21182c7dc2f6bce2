import { type Db, withTransaction } from '../db/database.js';
import { lockPostProgress } from './due-posts.js';
import { type PostTransition, type PublishProgress, parseProgress, TRANSITION_FROM } from './post-states.js';
import { applied, onePost } from './post-transition-query.js';

// The publish-progress transitions of a post (its part of post-transitions.ts, the one writer).

export async function saveProgress(
  db: Db,
  postId: string,
  progress: PublishProgress,
  claim?: string | null,
): Promise<boolean> {
  const query = onePost(db, postId, 'saveProgress', claim).set({ publishProgress: JSON.stringify(progress) });
  return applied(await query.executeTakeFirst());
}

/** Read, edited and written in one transaction, the row locked: no concurrent edit is lost. */
async function editProgress(
  db: Db,
  postId: string,
  transition: PostTransition,
  edit: (progress: PublishProgress) => PublishProgress | null,
  claim?: string | null,
): Promise<boolean> {
  return withTransaction(db, async (trx) => {
    const row = await lockPostProgress(trx, postId);
    if (!row || !(TRANSITION_FROM[transition] as readonly string[]).includes(row.status)) return false;
    if (claim && row.leaseOwner !== claim) return false;
    const next = edit(parseProgress(row));
    if (next === null) return true;
    const query = onePost(trx, postId, transition).set({ publishProgress: JSON.stringify(next) });
    return applied(await query.executeTakeFirst());
  });
}

/**
 * The post's coming attempt is a question to the platform first (reconcile-post.ts): a create
 * request may have made it public since `since`. The earliest moment asked about is kept.
 */
export function askPlatformFirst(
  db: Db,
  postId: string,
  since: number,
  claim?: string | null,
): Promise<boolean> {
  return editProgress(
    db,
    postId,
    'askPlatformFirst',
    (stored) => {
      const progress = { ...stored };
      const earlier = (progress.reconcile as { since?: unknown } | null | undefined)?.since;
      progress.reconcile = { since: typeof earlier === 'number' ? Math.min(since, earlier) : since };
      delete progress.commitPending;
      return progress;
    },
    claim,
  );
}

/** Forgets an open question (the user takes over: the post fails as "check the platform"). */
export function forgetQuestion(db: Db, postId: string, claim?: string | null): Promise<boolean> {
  return editProgress(
    db,
    postId,
    'forgetQuestion',
    (progress) => {
      if (!('reconcile' in progress) && !('commitPending' in progress)) return null;
      const { reconcile: _reconcile, commitPending: _pending, ...rest } = progress;
      return rest;
    },
    claim,
  );
}
