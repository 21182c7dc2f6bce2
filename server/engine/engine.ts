import { Cron } from 'croner';
import { isPlatformId, PLATFORM_IDS, type PlatformId } from '../../shared/platforms/ids.js';
import { createEngineAccess } from '../billing/engine-access.js';
import { interleave } from '../core/interleave.js';
import { emptyYoungGeneration } from '../core/young-generation.js';
import type { ScheduledPostRow } from '../db/schema.js';
import type { AppDeps, PublishingEngine } from '../http/types.js';
import { preconnect } from '../platforms/platform-connections.js';
import { HandedBackError } from '../platforms/platform-error.js';
import { countOverdue, nextDueTime } from '../posts/due-posts.js';
import { claimDuePosts, renewLeases } from '../posts/post-transitions.js';
import { createDueGate } from '../publishing/due-gate.js';
import { prunePostingSlots } from '../publishing/posting-slots.js';
import { markCommitSent } from '../publishing/publish-attempts.js';
import { createClaims } from './claims.js';
import { publishNow } from './post-now.js';
import { failMissedPosts, recoverOrphanedPosts } from './recover-posts.js';
import { type EngineWorker, runClaimed } from './run-claimed.js';
import { takeSlotsForBatch } from './take-slots.js';
import { WAKE_HORIZON_MS } from './wake-on-due-posts.js';
import { withholdWithoutAccess } from './withhold-without-access.js';

const PRECONNECT_MIN_POSTS = 20;
/** Posts due this soon are claimed and prepared ahead, then sent at their exact time. */
const PREFETCH_MS = 5000;
/** How often crash recovery looks for posts whose worker stopped renewing their leases. */
const RECOVERY_EVERY_MS = 5000;
const PRUNE_SLOTS_EVERY_MS = 3_600_000;
/**
 * Posts one claim statement takes: a burst is claimed in several, and the install's other
 * processes are woken to claim their share meanwhile.
 */
const CLAIM_BATCH = 200;
/** Claimed posts whose preparation starts in one turn of the event loop (about 10 ms of work). */
const STARTS_PER_TURN = 25;

/**
 * The publishing engine's clock. Durable state is in the database: a timer (croner, at the
 * next due time), a signal from any process of the install (LISTEN/NOTIFY on PostgreSQL) when a
 * post falls due soon, and a periodic sweep as the safety net only wake the worker, which claims
 * due posts atomically with a lease and publishes them under a per-platform concurrency cap.
 * Several processes share the work: each claims different posts, and a process that dies loses
 * its claims when their leases end (recover-posts.ts).
 */
export function createEngine(deps: AppDeps): PublishingEngine {
  const { db, config, logger } = deps;
  const SWEEP_MS = config.PUBLISH_SWEEP_MS;
  const claims = createClaims(deps.cluster.workerId);
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
  let lastRecovery = 0;
  let lastSlotPrune = 0;
  let leaseTimer: NodeJS.Timeout | null = null;
  const unsubscribes: Array<() => void> = [];
  const dueGate = createDueGate((attemptIds) => markCommitSent(db, ...attemptIds), {
    // A large burst opens its connections a moment ahead, so the due moment does not pay for
    // their handshakes, and starts with an empty young generation, so that no collection falls
    // among its first requests.
    warm: (postsByPlatform) => {
      const large = new Map<PlatformId, number>();
      for (const [platform, posts] of postsByPlatform) {
        if (posts >= PRECONNECT_MIN_POSTS && isPlatformId(platform)) large.set(platform, posts);
      }
      if (large.size > 0) emptyYoungGeneration();
      for (const [platform, posts] of large) void preconnect(config, platform, posts);
    },
  });

  const worker: EngineWorker = { deps, claims, inFlight, controllers, dueGate };

  async function tick(): Promise<void> {
    if (stopped) return;
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    /** Claimed in this pass and not launched yet: let go if the pass fails before launching them. */
    let unlaunched: ScheduledPostRow[] = [];
    try {
      do {
        again = false;
        const now = Date.now();
        lastTick = now;
        if (now - lastRecovery >= RECOVERY_EVERY_MS) {
          lastRecovery = now;
          // Not the posts this process still works on: a stalled loop may have let their leases lapse.
          await recoverOrphanedPosts(deps, now, { held: (post) => claims.isHeld(post) });
          await failMissedPosts(deps, now);
        }
        if (now - lastSlotPrune >= PRUNE_SLOTS_EVERY_MS) {
          lastSlotPrune = now;
          await prunePostingSlots(db, now);
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
            const limit = Math.min(free, CLAIM_BATCH);
            const claim = claims.next();
            const claimed = await claimDuePosts(db, {
              platform,
              now: now + PREFETCH_MS,
              limit,
              leaseUntil: now + config.PUBLISH_LEASE_MS,
              claim,
            });
            // Held from the claim: a post may wait a few turns before its attempt starts.
            for (const post of claimed) claims.hold(post.id, post.leaseOwner);
            unlaunched.push(...claimed);
            const allowed = access
              ? await withholdWithoutAccess(deps, access, claimed, { claim, now })
              : claimed;
            for (const post of claimed) if (!allowed.includes(post)) claims.release(post.id, post.leaseOwner);
            posts.push(...allowed);
            if (claimed.length < limit) break;
            // More are due than one claim takes: the other processes' engines come for their
            // share now (they claim other rows, passing over these), while this one claims on.
            deps.cluster.signals.send('wake');
          }
          // The platform's posting caps, one write per account for the batch.
          const sendable = await takeSlotsForBatch(deps, claims, platform, posts, now);
          if (sendable.length > 0) claimedByPlatform.push([platform, sendable]);
        }
        const lanes = claimedByPlatform.map(([platform, posts]) => posts.map((post) => ({ platform, post })));
        unlaunched = [];
        for (const { platform, post } of interleave(lanes)) launch(platform, post);
        await armDueTimer();
      } while (again && !stopped);
    } catch (error) {
      logger.error('scheduler tick failed', { error });
      // Not renewed any more: their leases run out and crash recovery schedules them again.
      for (const post of unlaunched) claims.release(post.id, post.leaseOwner);
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
    // Wake in time to prepare the next posts ahead of their due moment (further out, a later
    // sweep or a saved post's signal arms the timer again).
    const wakeAt = due - PREFETCH_MS;
    if (wakeAt <= now || wakeAt - now > Math.max(SWEEP_MS * 2, WAKE_HORIZON_MS)) return;
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
    void runClaimed(worker, platform, post, { slotTaken: true })
      .catch((error: unknown) => logger.error('publishing failed unexpectedly', { postId: post.id, error }))
      .finally(() => {
        const wasFull = (inFlight.get(platform) ?? 0) >= config.PUBLISH_CONCURRENCY;
        inFlight.set(platform, (inFlight.get(platform) ?? 1) - 1);
        // Only a full platform may have left due posts behind; otherwise the timers cover it.
        if (wasFull) requestTick();
      });
  }

  /** One write keeps every lease this process holds, whatever the number of posts. */
  function renewAll(): void {
    void renewLeases(db, { claims: claims.active(), leaseUntil: Date.now() + config.PUBLISH_LEASE_MS }).catch(
      (error: unknown) => logger.warn('the publishing leases were not renewed', { error }),
    );
  }

  /** This process's own attempts for the user stop before anything more is sent. */
  function forgetHere(userId: string): void {
    for (const [controller, owner] of controllers) {
      if (owner === userId) controller.abort(new Error('The account was deleted.'));
    }
  }

  return {
    async start() {
      if (!stopped) return;
      stopped = false;
      dueGate.reopen();
      const now = Date.now();
      // Only posts whose leases ran out: another live process may be publishing the rest.
      await recoverOrphanedPosts(deps, now);
      await failMissedPosts(deps, now);
      lastRecovery = now;
      sweepTimer = setInterval(() => void tick(), SWEEP_MS);
      leaseTimer = setInterval(renewAll, Math.max(500, Math.floor(config.PUBLISH_LEASE_MS / 3)));
      // A post due soon, saved by any process: claimed now rather than at the next sweep.
      unsubscribes.push(deps.cluster.signals.on('wake', requestTick));
      unsubscribes.push(
        deps.events.subscribeAll((userId, event, origin) => {
          if (event.type === 'user.forgotten' && origin === 'remote') forgetHere(userId);
        }),
      );
      void tick();
    },
    async stop() {
      stopped = true;
      if (sweepTimer) clearInterval(sweepTimer);
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
      dueTimer?.stop();
      const busy = () => [...inFlight.values()].some((n) => n > 0);
      const settleWithin = async (ms: number) => {
        const deadline = Date.now() + ms;
        while (busy() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      };
      // Posts due within the prefetch window go out on time meanwhile, and requests already on
      // their way get their answers.
      await settleWithin(5000);
      // What is still waiting for its moment goes back, due, rather than stay claimed until its
      // lease ends: the other processes (woken below) or the next start publish it.
      const handingBack = busy();
      dueGate.close(new HandedBackError());
      // The rest are cut and given a moment to record what they know (an unknown outcome is asked
      // about by whoever goes on).
      for (const controller of controllers.keys()) controller.abort(new Error('Postloom is shutting down'));
      await settleWithin(2000);
      if (leaseTimer) clearInterval(leaseTimer);
      if (handingBack) deps.cluster.signals.send('wake');
    },
    wake() {
      // Every process's engine looks (this one at once): the post may be anyone's to claim.
      deps.cluster.signals.send('wake');
      requestTick();
    },
    publishNow: (userId, postId) => publishNow(worker, userId, postId),
    forgetUser(userId) {
      forgetHere(userId);
      // And every other process's attempts for the user (relayed to them).
      deps.events.publish(userId, { type: 'user.forgotten' });
    },
    async health() {
      const seen = lastTick ?? (await deps.cluster.presence.lastEngineSeen());
      return {
        lastTick: seen ? new Date(seen).toISOString() : null,
        overdue: await countOverdue(db, Date.now() - 60_000),
        inFlight: [...inFlight.values()].reduce((a, b) => a + b, 0),
      };
    },
  };
}
