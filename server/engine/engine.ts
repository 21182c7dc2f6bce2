import crypto from 'node:crypto';
import { Cron } from 'croner';
import { isPlatformId, PLATFORM_IDS, type PlatformId } from '../../shared/platforms/ids.js';
import { createEngineAccess } from '../billing/engine-access.js';
import { AppError } from '../core/errors.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps, PublishingEngine } from '../http/types.js';
import { preconnect } from '../platforms/platform-connections.js';
import { countOverdue, nextDueTime } from '../posts/due-posts.js';
import { parseProgress } from '../posts/post-states.js';
import {
  claimDuePosts,
  claimPostNow,
  deferForCap,
  renewLease,
  saveProgress,
} from '../posts/post-transitions.js';
import { createDueGate } from '../publishing/due-gate.js';
import { publishPostUpdated } from '../publishing/post-events.js';
import { runPublishAttempt } from '../publishing/publish-attempt.js';
import { listSentCreatesSince, markCommitSent } from '../publishing/publish-attempts.js';
import type { AttemptResult } from '../publishing/retry-policy.js';
import { readHeartbeat, writeHeartbeat } from './heartbeat.js';
import { createPublishLimiter, LONGEST_LIMIT_WINDOW_MS } from './publish-limits.js';
import { failMissedPosts, recoverOrphanedPosts } from './recover-posts.js';
import { assertAccessNow, withholdWithoutAccess } from './withhold-without-access.js';

const SWEEP_MS = 1000;
const PRECONNECT_MIN_POSTS = 20;
const PRECONNECT_MAX = 1000;
/** Posts due this soon are claimed and prepared ahead, then sent at their exact time. */
const PREFETCH_MS = 5000;
const HEARTBEAT_EVERY_MS = 5000;

/**
 * The publishing engine's clock. Durable state is in the database: a timer (croner, at the
 * next due time) and a one-second sweep only wake the worker, which claims due posts
 * atomically with a lease and publishes them under a per-platform concurrency cap.
 */
export function createEngine(deps: AppDeps): PublishingEngine {
  const { db, config, logger } = deps;
  const owner = crypto.randomUUID();
  const limiter = createPublishLimiter();
  const inFlight = new Map<PlatformId, number>(PLATFORM_IDS.map((p) => [p, 0]));
  /** Each running attempt's abort switch, with the post's owner. */
  const controllers = new Map<AbortController, string>();
  let sweepTimer: NodeJS.Timeout | null = null;
  let dueTimer: Cron | null = null;
  let dueTimerAt = 0;
  let ticking = false;
  let again = false;
  let stopped = true;
  let lastTick: number | null = null;
  let lastHeartbeat = 0;
  const dueGate = createDueGate(async (attemptIds) => void (await markCommitSent(db, ...attemptIds)), {
    // A large burst opens its connections a moment ahead, so the due moment does not pay for
    // hundreds of TCP handshakes at once.
    warm: (postsByPlatform) => {
      for (const [platform, posts] of postsByPlatform) {
        if (posts >= PRECONNECT_MIN_POSTS && isPlatformId(platform)) {
          void preconnect(config, platform, Math.min(posts, PRECONNECT_MAX));
        }
      }
    },
  });

  async function tick(): Promise<void> {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        const now = Date.now();
        lastTick = now;
        if (now - lastHeartbeat >= HEARTBEAT_EVERY_MS) {
          lastHeartbeat = now;
          await writeHeartbeat(db, now);
          await recoverOrphanedPosts(deps, now);
          await failMissedPosts(deps, now);
        }
        // The subscription gate: each owner's access read once per sweep (null with billing off).
        const access = createEngineAccess(deps);
        for (const platform of PLATFORM_IDS) {
          for (;;) {
            const free = config.PUBLISH_CONCURRENCY - (inFlight.get(platform) ?? 0);
            if (free <= 0) break;
            const claimed = await claimDuePosts(db, {
              platform,
              now: now + PREFETCH_MS,
              limit: free,
              leaseUntil: now + config.PUBLISH_LEASE_MS,
              owner,
            });
            const allowed = access
              ? await withholdWithoutAccess(deps, access, claimed, { owner, now })
              : claimed;
            for (const post of allowed) launch(platform, post);
            // Withheld posts take no slot: claim again for the slots they left while more are due.
            if (allowed.length === claimed.length || claimed.length < free) break;
          }
        }
        await armDueTimer();
      } while (again && !stopped);
    } catch (error) {
      logger.error('scheduler tick failed', { error });
    } finally {
      ticking = false;
    }
  }

  let tickRequested = false;
  function requestTick(): void {
    if (tickRequested || stopped) return;
    tickRequested = true;
    setImmediate(() => {
      tickRequested = false;
      void tick();
    });
  }

  async function armDueTimer(): Promise<void> {
    const due = await nextDueTime(db);
    if (due === null) return;
    const now = Date.now();
    // Wake in time to prepare the next posts ahead of their due moment.
    const wakeAt = due - PREFETCH_MS;
    if (wakeAt <= now || wakeAt - now > SWEEP_MS * 2) return;
    if (dueTimer && dueTimerAt === wakeAt) return;
    dueTimer?.stop();
    dueTimerAt = wakeAt;
    dueTimer = new Cron(new Date(wakeAt), { maxRuns: 1 }, () => {
      dueTimer = null;
      void tick();
    });
  }

  function launch(platform: PlatformId, post: ScheduledPostRow): void {
    inFlight.set(platform, (inFlight.get(platform) ?? 0) + 1);
    void runClaimed(platform, post)
      .catch((error: unknown) => logger.error('publishing failed unexpectedly', { postId: post.id, error }))
      .finally(() => {
        const wasFull = (inFlight.get(platform) ?? 0) >= config.PUBLISH_CONCURRENCY;
        inFlight.set(platform, (inFlight.get(platform) ?? 1) - 1);
        // Only a full platform may have left due posts behind; otherwise the timers cover it.
        if (wasFull) requestTick();
      });
  }

  async function runClaimed(
    platform: PlatformId,
    post: ScheduledPostRow,
    options: { now?: boolean } = {},
  ): Promise<AttemptResult | null> {
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
    const renew = setInterval(
      () => {
        void renewLease(db, {
          postId: post.id,
          owner,
          leaseUntil: Date.now() + config.PUBLISH_LEASE_MS,
        }).catch(() => undefined);
      },
      Math.max(500, Math.floor(config.PUBLISH_LEASE_MS / 3)),
    );
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
      clearInterval(renew);
      controllers.delete(controller);
    }
  }

  async function publishNow(userId: string, postId: string): Promise<ScheduledPostRow> {
    const now = Date.now();
    // The API's gate answered before; the engine checks again, as for every post it sends.
    await assertAccessNow(deps, userId, now);
    const claimed = await claimPostNow(db, {
      postId,
      userId,
      now,
      leaseUntil: now + config.PUBLISH_LEASE_MS,
      owner,
    });
    if (!claimed) {
      const existing = await db
        .selectFrom('scheduledPosts')
        .selectAll()
        .where('id', '=', postId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!existing) throw new AppError('not_found', 'Post not found');
      // Already out (the sweep may publish a post saved for Post Now before the browser's call
      // comes): the answer is the published post, and nothing is sent again.
      if (existing.status === 'posted') return existing;
      return waitUntilSettled(userId, postId);
    }
    if (parseProgress(claimed).commitPending) {
      // The user checked the platform and chose to retry an unconfirmed post.
      const progress = { ...parseProgress(claimed), commitPending: false };
      await saveProgress(db, postId, progress);
      claimed.publishProgress = JSON.stringify(progress);
    }
    await publishPostUpdated(deps, claimed);
    const platform = claimed.platform as PlatformId;
    inFlight.set(platform, (inFlight.get(platform) ?? 0) + 1);
    try {
      await runClaimed(platform, claimed, { now: true });
    } finally {
      inFlight.set(platform, (inFlight.get(platform) ?? 1) - 1);
    }
    const row = await db.selectFrom('scheduledPosts').selectAll().where('id', '=', postId).executeTakeFirst();
    if (!row) throw new AppError('not_found', 'Post not found');
    return row;
  }

  async function waitUntilSettled(userId: string, postId: string): Promise<ScheduledPostRow> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const row = await db
        .selectFrom('scheduledPosts')
        .selectAll()
        .where('id', '=', postId)
        .where('userId', '=', userId)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', 'Post not found');
      if (row.status !== 'publishing' || Date.now() > deadline) return row;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      const now = Date.now();
      await recoverOrphanedPosts(deps, now);
      await failMissedPosts(deps, now);
      limiter.seed(await listSentCreatesSince(db, now - LONGEST_LIMIT_WINDOW_MS), now);
      sweepTimer = setInterval(() => void tick(), SWEEP_MS);
      void tick();
    },
    async stop() {
      stopped = true;
      if (sweepTimer) clearInterval(sweepTimer);
      dueTimer?.stop();
      const deadline = Date.now() + 5000;
      while ([...inFlight.values()].some((n) => n > 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const controller of controllers.keys()) controller.abort(new Error('Postloom is shutting down'));
    },
    wake() {
      requestTick();
    },
    publishNow,
    forgetUser(userId) {
      for (const [controller, owner] of controllers) {
        if (owner === userId) controller.abort(new Error('The account was deleted.'));
      }
    },
    async health() {
      return {
        lastTick: lastTick ? new Date(lastTick).toISOString() : await readHeartbeat(db),
        overdue: await countOverdue(db, Date.now() - 60_000),
        inFlight: [...inFlight.values()].reduce((a, b) => a + b, 0),
      };
    },
  };
}
