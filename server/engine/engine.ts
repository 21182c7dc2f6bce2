import crypto from 'node:crypto';
import { Cron } from 'croner';
import { isPlatformId, PLATFORM_IDS, type PlatformId } from '../../shared/platforms/ids.js';
import { createEngineAccess } from '../billing/engine-access.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps, PublishingEngine } from '../http/types.js';
import { preconnect } from '../platforms/platform-connections.js';
import { countOverdue, nextDueTime } from '../posts/due-posts.js';
import { claimDuePosts } from '../posts/post-transitions.js';
import { createDueGate } from '../publishing/due-gate.js';
import { listSentCreatesSince, markCommitSent } from '../publishing/publish-attempts.js';
import { readHeartbeat, writeHeartbeat } from './heartbeat.js';
import { publishNow } from './post-now.js';
import { createPublishLimiter, LONGEST_LIMIT_WINDOW_MS } from './publish-limits.js';
import { failMissedPosts, recoverOrphanedPosts } from './recover-posts.js';
import { type EngineWorker, runClaimed } from './run-claimed.js';
import { withholdWithoutAccess } from './withhold-without-access.js';

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

  /** Claimed here and not settled yet: from the claim, since a post may wait a few turns to start. */
  const held = new Set<string>();
  const worker: EngineWorker = { deps, owner, limiter, inFlight, controllers, dueGate, held };

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
          // Not this instance's own posts: a stalled loop may have let their leases lapse.
          await recoverOrphanedPosts(deps, now, {
            held: (post) => post.leaseOwner === owner && held.has(post.id),
          });
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
    void runClaimed(worker, platform, post)
      .catch((error: unknown) => logger.error('publishing failed unexpectedly', { postId: post.id, error }))
      .finally(() => {
        const wasFull = (inFlight.get(platform) ?? 0) >= config.PUBLISH_CONCURRENCY;
        inFlight.set(platform, (inFlight.get(platform) ?? 1) - 1);
        // Only a full platform may have left due posts behind; otherwise the timers cover it.
        if (wasFull) requestTick();
      });
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
    publishNow: (userId, postId) => publishNow(worker, userId, postId),
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
