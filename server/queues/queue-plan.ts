import type { PlatformId } from '../../shared/platforms/ids.js';

/**
 * What one run of a queue does, decided from plain facts (no database, no clock): which item
 * goes out and when, which items are passed over and why, and when the queue runs next.
 * Items are tried in queue order; the item sent moves to the end (run-queue.ts), so a
 * repeatable queue cycles 1, 2, 3, 1... and a paused queue resumes where it stopped.
 * run-queue.ts gathers the facts and applies the plan in one transaction.
 */

export const HOUR_MS = 60 * 60_000;

/** X refuses the same text from an account (issue 11: not again within 24 hours). */
export const DUPLICATE_WINDOW_MS = 24 * HOUR_MS;

/**
 * A run found a little late (the sweep runs every second) keeps its planned time, so the
 * rhythm does not drift; one found much later (the server was down) goes out now.
 */
export const ON_TIME_TOLERANCE_MS = 60_000;

/**
 * Platforms that refuse identical text from one account within a day: X ("You are not allowed to
 * create a Tweet with duplicate content."), and Facebook for text-only posts ("(#506) Duplicate
 * status message"). A repeat inside the window would only come back as a failed post.
 */
export function refusesDuplicateText(platform: PlatformId | string, hasMedia: boolean): boolean {
  return platform === 'twitter' || (platform === 'facebook' && !hasMedia);
}

export type SkipKind = 'disconnected' | 'reconnect' | 'duplicate';

export interface PlanQueue {
  isRepeatable: boolean;
  intervalHours: number;
  /** The planned time of this run. */
  nextRun: number;
}

export interface PlanItem {
  accountState: 'active' | 'needs_reconnect' | 'disconnected';
  runCount: number;
  lastSkipReason: string | null;
  /** When identical text last went (or is about to go) out from the item's account, if it matters. */
  lastIdenticalAt: number | null;
}

export interface RunPlan {
  /** When this run counts as having happened: its planned time, or now when found late. */
  runAt: number;
  chosen: { index: number; publishAt: number } | null;
  skipped: Array<{ index: number; kind: SkipKind; notify: boolean }>;
  /** Null when a one-time queue has nothing left to publish (it stops). */
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

/** The next planned run: one interval after this one, or one interval from now if that has passed. */
export function nextRunAfter(plannedAt: number, intervalHours: number, now: number): number {
  const next = plannedAt + intervalHours * HOUR_MS;
  return next > now ? next : now + intervalHours * HOUR_MS;
}

export function planRun(queue: PlanQueue, items: readonly PlanItem[], now: number): RunPlan {
  const base = queue.nextRun >= now - ON_TIME_TOLERANCE_MS ? queue.nextRun : now;
  const following = nextRunAfter(queue.nextRun, queue.intervalHours, now);
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
        if (allowedAt < following) {
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
