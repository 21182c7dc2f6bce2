import crypto from 'node:crypto';
import { Cron } from 'croner';
import { isPlatformId, PLATFORM_IDS, type PlatformId } from '../../shared/platforms/ids.js';
import { createEngineAccess } from '../billing/engine-access.js';
import { interleave } from '../core/interleave.js';
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
/** Posts due this soon are claimed and prepared ahead, then sent at their exact time. */
const PREFETCH_MS = 5000;
const HEARTBEAT_EVERY_MS = 5000;
/** Claimed posts whose preparation starts in one turn of the event loop (about 10 ms of work). */
const STARTS_PER_TURN = 25;

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
    // their handshakes.
    warm: (postsByPlatform) => {
      for (const [platform, posts] of postsByPlatform) {
        if (posts >= PRECONNECT_MIN_POSTS && isPlatformId(platform)) void preconnect(config, platform, posts);
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
        // Every platform is claimed before any post starts: a post's preparation must not hold
        // back the next platform's claim (and so its posts' moment).
        const claimedByPlatform: Array<[PlatformId, ScheduledPostRow[]]> = [];
        for (const platform of PLATFORM_IDS) {
          const posts: ScheduledPostRow[] = [];
          for (;;) {
            const free = config.PUBLISH_CONCURRENCY - (inFlight.get(platform) ?? 0) - posts.length;
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
            posts.push(...allowed);
            // Withheld posts take no slot: claim again for the slots they left while more are due.
            if (allowed.length === claimed.length || claimed.length < free) break;
          }
          if (posts.length > 0) claimedByPlatform.push([platform, posts]);
        }
        const lanes = claimedByPlatform.map(([platform, posts]) => posts.map((post) => ({ platform, post })));
        for (const { platform, post } of interleave(lanes)) launch(platform, post);
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

  /**
   * A post's preparation (its reads and writes, its token, its first request built) runs on
   * the synchronous SQLite driver without giving the event loop a turn: 2,000 posts started at
   * once held it for a second or more, and with it the due moment's timer, the connections
   * opening for it and every API request. They start a slice per turn instead.
   */
  const starting: Array<{ platform: PlatformId; post: ScheduledPostRow }> = [];
  let startsScheduled = false;

  function launch(platform: PlatformId, post: ScheduledPostRow): void {
    inFlight.set(platform, (inFlight.get(platform) ?? 0) + 1);
    held.add(post.id);
    dueGate.announce(platform, post.nextAttemptAt ?? post.scheduledAt ?? 0);
    starting.push({ platform, post });
    if (!startsScheduled) {
      startsScheduled = true;
      setImmediate(startSome);
    }
  }

  function startSome(): void {
    startsScheduled = false;
    for (const { platform, post } of starting.splice(0, STARTS_PER_TURN)) run(platform, post);
    if (starting.length > 0) {
      startsScheduled = true;
      setImmediate(startSome);
    }
  }

  function run(platform: PlatformId, post: ScheduledPostRow): void {
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
