import { isPlatformId } from '../../shared/platforms/ids.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { type PlatformError, UNKNOWN_OUTCOME_MESSAGE } from '../platforms/platform-error.js';
import { askPlatformFirst, forgetQuestion } from '../posts/post-transitions.js';
import { getAdapter } from './platforms/index.js';
import { findCommitSentAt, firstAttemptStart } from './publish-attempts.js';
import { checkingMessage } from './reconcile-post.js';

export const MAX_ATTEMPTS = 5;
const RETRY_WINDOW_MS = 60 * 60_000;

export type AttemptResult =
  /** A post found on the platform after a lost answer may have no known id (reconcile-post.ts). */
  | { outcome: 'posted'; platformPostId: string | null; url: string | null }
  | { outcome: 'retry'; nextAttemptAt: number; message: string }
  | { outcome: 'failed'; message: string }
  | { outcome: 'unknown'; message: string };

export async function decideAfterFailure(
  deps: AppDeps,
  post: ScheduledPostRow,
  attemptId: number,
  attemptNo: number,
  error: PlatformError,
): Promise<AttemptResult> {
  const now = Date.now();
  // The platform has not listed a post that may exist yet: look again then (not a failure).
  if (error.kind === 'pending') {
    return { outcome: 'retry', nextAttemptAt: now + (error.retryAfterMs ?? 1000), message: error.message };
  }
  if (error.kind === 'unknown') {
    const adapter = isPlatformId(post.platform) ? getAdapter(post.platform) : undefined;
    const commitSentAt = await findCommitSentAt(deps.db, attemptId);
    // A create request of this attempt may have made the post public: ask the platform now.
    if (!error.isFinal && adapter?.reconcile && commitSentAt !== null && isPlatformId(post.platform)) {
      await askPlatformFirst(deps.db, post.id, commitSentAt, post.leaseOwner);
      return {
        outcome: 'retry',
        nextAttemptAt: now,
        message: checkingMessage(post.platform),
      };
    }
    // The platform cannot tell: the user checks and decides (Post Now sends it again).
    await forgetQuestion(deps.db, post.id, post.leaseOwner);
    return { outcome: 'unknown', message: UNKNOWN_OUTCOME_MESSAGE };
  }
  if (error.kind === 'permanent' || error.kind === 'auth')
    return { outcome: 'failed', message: error.message };
  const first = (await firstAttemptStart(deps.db, post.id, now - RETRY_WINDOW_MS)) ?? now;
  const delay = Math.max(error.retryAfterMs ?? 0, backoffMs(deps.config.PUBLISH_RETRY_BASE_MS, attemptNo));
  const nextAttemptAt = now + delay;
  if (attemptNo >= MAX_ATTEMPTS || nextAttemptAt > first + RETRY_WINDOW_MS) {
    return { outcome: 'failed', message: error.message };
  }
  return { outcome: 'retry', nextAttemptAt, message: error.message };
}

/** Exponential backoff with full jitter between half and all of the step. */
function backoffMs(baseMs: number, attemptNo: number): number {
  const step = baseMs * 3 ** (attemptNo - 1);
  return Math.round(step / 2 + Math.random() * (step / 2));
}
