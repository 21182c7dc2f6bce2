import { DUPLICATE_TEXT_WINDOW_MS, refusesDuplicateText } from '../../shared/platforms/posting-rules.js';
import { HOUR_MS } from '../../shared/queues/run-times.js';

export { HOUR_MS, refusesDuplicateText };

/**
 * What one run of a queue does, decided from plain facts (no database, no clock): which item
 * goes out and when, which items are passed over and why, and when the queue runs next.
 * Items are tried in queue order; the item sent moves to the end (run-queue.ts), so a
 * repeatable queue cycles 1, 2, 3, 1... and a paused queue resumes where it stopped.
 * run-queue.ts gathers the facts and applies the plan in one transaction.
 */

/** X refuses the same text from an account (issue 11: not again within 24 hours; the platform registry). */
export const DUPLICATE_WINDOW_MS = DUPLICATE_TEXT_WINDOW_MS;

/**
 * A run found a little late (the sweep runs every second) keeps its planned time, so the
 * rhythm does not drift; one found much later (the server was down) goes out now.
 */
export const ON_TIME_TOLERANCE_MS = 60_000;

export type SkipKind = 'disconnected' | 'reconnect' | 'duplicate';

export interface PlanQueue {
  isRepeatable: boolean;
  /** The planned time of this run (for "Post next item now": the queue's next planned run, kept). */
  nextRun: number | null;
}

/** The queue's next run strictly after a time (its interval or its slots); null when it has none. */
export type NextRunAfter = (after: number) => number | null;

export interface PlanItem {
  accountState: 'active' | 'needs_reconnect' | 'disconnected';
  runCount: number;
  lastSkipReason: string | null;
  /** When identical text last went (or is about to go) out from the item's account, if it matters. */
  lastIdenticalAt: number | null;
}

export interface RunPlan {
  /** When this run counts as having happened: its planned time, or now when found late or asked for. */
  runAt: number;
  chosen: { index: number; publishAt: number } | null;
  skipped: Array<{ index: number; kind: SkipKind; notify: boolean }>;
  /** Null when a one-time queue has nothing left to publish (it stops), or the rhythm has no times. */
  nextRun: number | null;
  finished: boolean;
}

/** The items a run tries, in queue order: all of them, or a one-time queue's unsent ones. */
export function candidateOrder(
  isRepeatable: boolean,
  items: readonly Pick<PlanItem, 'runCount'>[],
): number[] {
  return items.flatMap((item, index) => (isRepeatable || item.runCount === 0 ? [index] : []));
}

/** The run after this one: the rhythm's next time after it, or after now if that has passed. */
export function followingRun(plannedAt: number, nextAfter: NextRunAfter, now: number): number | null {
  const next = nextAfter(plannedAt);
  return next !== null && next > now ? next : nextAfter(now);
}

/**
 * A due run (`manual` false) happens at its planned time and plans the next one. "Post next item
 * now" (`manual` true) happens now and leaves the planned run where it is; an item whose text
 * its platform would still refuse is passed over rather than held back.
 */
export function planRun(
  queue: PlanQueue,
  items: readonly PlanItem[],
  now: number,
  nextAfter: NextRunAfter,
  options: { manual?: boolean } = {},
): RunPlan {
  const planned = queue.nextRun ?? now;
  const base = options.manual ? now : planned >= now - ON_TIME_TOLERANCE_MS ? planned : now;
  const following = options.manual ? queue.nextRun : followingRun(planned, nextAfter, now);
  // A manual run waits for nothing: every window still open counts as "after the next run".
  const waitLimit = options.manual ? now : (following ?? Number.POSITIVE_INFINITY);
  const skipped: RunPlan['skipped'] = [];
  let chosen: RunPlan['chosen'] = null;

  for (const index of candidateOrder(queue.isRepeatable, items)) {
    const item = items[index]!;
    if (item.accountState !== 'active') {
      const kind: SkipKind = item.accountState === 'disconnected' ? 'disconnected' : 'reconnect';
      // One notification per episode: not again while the item keeps being skipped for it.
      skipped.push({ index, kind, notify: item.lastSkipReason !== kind });
      continue;
    }
    if (item.lastIdenticalAt !== null) {
      const allowedAt = item.lastIdenticalAt + DUPLICATE_WINDOW_MS;
      if (allowedAt > base) {
        // Wait for the window when it closes before the next run; otherwise leave it for a later run.
        if (allowedAt < waitLimit) {
          chosen = { index, publishAt: allowedAt };
          break;
        }
        skipped.push({ index, kind: 'duplicate', notify: false });
        continue;
      }
    }
    chosen = { index, publishAt: base };
    break;
  }

  const remaining = queue.isRepeatable
    ? items.length
    : items.filter((item, index) => item.runCount === 0 && index !== chosen?.index).length;
  const finished = !queue.isRepeatable && remaining === 0;
  return {
    runAt: base,
    chosen,
    skipped,
    nextRun: finished ? null : following,
    finished,
  };
}
