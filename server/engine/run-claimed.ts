import type { PlatformId } from '../../shared/platforms/ids.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { deferForCap } from '../posts/post-transitions.js';
import type { createDueGate } from '../publishing/due-gate.js';
import { takePostingSlots } from '../publishing/posting-slots.js';
import { runPublishAttempt } from '../publishing/publish-attempt.js';
import type { AttemptResult } from '../publishing/retry-policy.js';
import type { Claims } from './claims.js';

/** What one engine instance shares between its loop, its attempts and Post Now. */
export interface EngineWorker {
  deps: AppDeps;
  /** The claims this process holds on posts (their leases are renewed together by the engine). */
  claims: Claims;
  /** Attempts running per platform (the PUBLISH_CONCURRENCY cap). */
  inFlight: Map<PlatformId, number>;
  /** Each running attempt's abort switch, with the post's owner. */
  controllers: Map<AbortController, string>;
  dueGate: ReturnType<typeof createDueGate>;
}

/**
 * Runs a claimed post under the platform's posting cap (over it, the post waits for the window
 * instead of an attempt) while this process holds its claim. `slotTaken`: the engine's loop took
 * the cap's slot for the post with its batch already.
 */
export async function runClaimed(
  worker: EngineWorker,
  platform: PlatformId,
  post: ScheduledPostRow,
  options: { now?: boolean; slotTaken?: boolean } = {},
): Promise<AttemptResult | null> {
  const { deps, claims, controllers, dueGate } = worker;
  const { db, logger } = deps;
  claims.hold(post.id, post.leaseOwner);
  try {
    if (post.socialAccountId && !options.slotTaken) {
      const slots = await takePostingSlots(db, {
        platform,
        accountId: post.socialAccountId,
        postIds: [post.id],
        now: Date.now(),
      });
      const deferred = slots.deferred[0];
      if (deferred) {
        // Over the platform's own cap: wait for the window, not an attempt.
        await deferForCap(db, post.id, deferred.retryAt, post.leaseOwner);
        return null;
      }
    }
    const controller = new AbortController();
    controllers.set(controller, post.userId);
    try {
      return await runPublishAttempt(deps, post, controller.signal, {
        // Post Now goes at once; a claimed scheduled post waits for its exact due moment.
        notBefore: options.now ? 0 : (post.nextAttemptAt ?? post.scheduledAt ?? 0),
        dueGate: dueGate.wait,
        yieldToBurst: dueGate.idle,
        firstAnswered: dueGate.firstAnswered,
      });
    } catch (error) {
      logger.error('publishing failed unexpectedly', { postId: post.id, error });
      return null;
    } finally {
      controllers.delete(controller);
    }
  } finally {
    claims.release(post.id, post.leaseOwner);
  }
}
