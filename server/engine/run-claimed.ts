import type { PlatformId } from '../../shared/platforms/ids.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps } from '../http/types.js';
import { deferForCap, renewLease } from '../posts/post-transitions.js';
import type { createDueGate } from '../publishing/due-gate.js';
import { runPublishAttempt } from '../publishing/publish-attempt.js';
import type { AttemptResult } from '../publishing/retry-policy.js';
import type { createPublishLimiter } from './publish-limits.js';

/** What one engine instance shares between its loop, its attempts and Post Now. */
export interface EngineWorker {
  deps: AppDeps;
  /** This instance's lease owner id. */
  owner: string;
  limiter: ReturnType<typeof createPublishLimiter>;
  /** Attempts running per platform (the PUBLISH_CONCURRENCY cap). */
  inFlight: Map<PlatformId, number>;
  /** Each running attempt's abort switch, with the post's owner. */
  controllers: Map<AbortController, string>;
  dueGate: ReturnType<typeof createDueGate>;
  /** The posts this instance has claimed and not yet settled (see recoverOrphanedPosts). */
  held: Set<string>;
}

/**
 * Keeps this instance's lease on a post it is publishing, renewing it at a third of its length;
 * answers the function that stops renewing.
 */
function keepLease(worker: EngineWorker, postId: string): () => void {
  const { db, config } = worker.deps;
  const timer = setInterval(
    () => {
      void renewLease(db, {
        postId,
        owner: worker.owner,
        leaseUntil: Date.now() + config.PUBLISH_LEASE_MS,
      }).catch(() => undefined);
    },
    Math.max(500, Math.floor(config.PUBLISH_LEASE_MS / 3)),
  );
  return () => clearInterval(timer);
}

/**
 * Runs a claimed post under the platform's posting cap (over it, the post waits for the window
 * instead of an attempt) while holding its lease.
 */
export async function runClaimed(
  worker: EngineWorker,
  platform: PlatformId,
  post: ScheduledPostRow,
  options: { now?: boolean } = {},
): Promise<AttemptResult | null> {
  const { deps, limiter, controllers, dueGate, held } = worker;
  const { db, logger } = deps;
  held.add(post.id);
  try {
    if (post.socialAccountId) {
      const slot = limiter.take(platform, post.socialAccountId);
      if (!slot.ok) {
        // Over the platform's own cap: wait for the window, not an attempt.
        await deferForCap(db, post.id, slot.retryAt);
        return null;
      }
    }
    const controller = new AbortController();
    controllers.set(controller, post.userId);
    const stopRenewing = keepLease(worker, post.id);
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
      stopRenewing();
      controllers.delete(controller);
    }
  } finally {
    held.delete(post.id);
  }
}
