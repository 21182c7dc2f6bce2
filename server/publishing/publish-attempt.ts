import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { ClaimLostError, HandedBackError, PlatformError } from '../platforms/platform-error.js';
import { toPostDto } from '../posts/post-dto.js';
import { countAttempt, handBack, markFailed, markPosted, scheduleRetry } from '../posts/post-transitions.js';
import { enqueueWebhookEvent } from '../webhooks/enqueue-webhook-event.js';
import { publishPostUpdated } from './post-events.js';
import { releasePostingSlot } from './posting-slots.js';
import { endAttempt, findCommitSentAt, startAttempt } from './publish-attempts.js';
import { notifyFailed, notifyPublished, notifyUnknownOutcome } from './publish-notifications.js';
import { type AttemptResult, decideAfterFailure } from './retry-policy.js';
import { type AttemptOptions, publishWithAdapter } from './send-to-platform.js';

/**
 * Runs one attempt of a post this worker has claimed (status `publishing`), records it in
 * publish_attempts and leaves the post `posted`, `failed`, or `scheduled` for a retry. Every
 * write applies only under the claim the post was claimed with (`leaseOwner`): answers null,
 * having changed nothing, when another worker took the post over meanwhile.
 */
export async function runPublishAttempt(
  deps: AppDeps,
  claimed: ScheduledPostRow,
  signal: AbortSignal,
  options: AttemptOptions = {},
): Promise<AttemptResult | null> {
  const { db } = deps;
  const now = Date.now();
  const attemptNo = claimed.attemptCount + 1;
  const claim = claimed.leaseOwner;
  if (!(await countAttempt(db, claimed.id, attemptNo, claim))) return null;
  const attemptId = await startAttempt(db, { postId: claimed.id, attemptNo, now, claim });

  let result: AttemptResult;
  let httpStatus: number | null = null;
  try {
    const outcome = await publishWithAdapter(deps, claimed, attemptId, signal, options);
    options.firstAnswered?.(attemptId);
    await options.yieldToBurst?.();
    result = { outcome: 'posted', ...outcome };
  } catch (error) {
    if (error instanceof ClaimLostError) {
      options.firstAnswered?.(attemptId);
      await endAttempt(db, attemptId, { outcome: 'retry', error: error.message });
      await releasePostingSlot(db, { postId: claimed.id, attemptStartedAt: now });
      if (error instanceof HandedBackError) {
        const row = await handBack(db, { postId: claimed.id, claim, now: Date.now() });
        if (row) await publishPostUpdated(deps, row);
      }
      return null;
    }
    const publishError =
      error instanceof PlatformError
        ? error
        : new PlatformError('retryable', 'An unexpected error occurred while publishing.', { cause: error });
    if (!(error instanceof PlatformError)) {
      deps.logger.error('publish attempt crashed', { postId: claimed.id, error });
    }
    httpStatus = publishError.httpStatus;
    options.firstAnswered?.(attemptId);
    await options.yieldToBurst?.();
    result = await decideAfterFailure(deps, claimed, attemptId, attemptNo, publishError);
  }

  await endAttempt(db, attemptId, {
    outcome: result.outcome === 'posted' ? 'success' : result.outcome,
    httpStatus,
    error: result.outcome === 'posted' ? null : result.message,
  });
  // No create request left (a failure before it): the platform's cap counts nothing.
  if (result.outcome !== 'posted' && (await findCommitSentAt(db, attemptId)) === null) {
    await releasePostingSlot(db, { postId: claimed.id, attemptStartedAt: now });
  }
  await applyResult(deps, claimed, result);
  return result;
}

/** The webhook each final outcome reports (a retry reports nothing yet). */
const WEBHOOK_EVENT_OF = {
  posted: 'post.published',
  failed: 'post.failed',
  unknown: 'post.needs_attention',
  retry: null,
} as const;

async function applyResult(deps: AppDeps, post: ScheduledPostRow, result: AttemptResult): Promise<void> {
  const now = Date.now();
  const claim = post.leaseOwner;
  const updated = await deps.db.transaction().execute(async (db) => {
    const row =
      result.outcome === 'posted'
        ? await markPosted(db, {
            postId: post.id,
            platformPostId: result.platformPostId,
            url: result.url,
            now,
            claim,
          })
        : result.outcome === 'retry'
          ? await scheduleRetry(db, {
              postId: post.id,
              nextAttemptAt: result.nextAttemptAt,
              reason: result.message,
              now,
              claim,
            })
          : await markFailed(db, { postId: post.id, reason: result.message, now, claim });
    const event = row && WEBHOOK_EVENT_OF[result.outcome];
    if (event) await enqueueWebhookEvent(db, row.userId, event, () => toPostDto(db, row), now);
    return row;
  });
  if (!updated) return;
  await publishPostUpdated(deps, updated);
  if (result.outcome === 'posted') await notifyPublished(deps, post);
  else if (result.outcome === 'failed') await notifyFailed(deps, post, result.message);
  else if (result.outcome === 'unknown') await notifyUnknownOutcome(deps, post);
}
