import { describe, expect, it } from 'vitest';
import { nextRunAfter } from '../../shared/queues/run-times.js';
import {
  DUPLICATE_WINDOW_MS,
  followingRun,
  HOUR_MS,
  type NextRunAfter,
  type PlanItem,
  planRun as planWith,
  refusesDuplicateText,
} from './queue-plan.js';

const T0 = Date.UTC(2026, 10, 22, 9, 0, 0);

function item(overrides: Partial<PlanItem> = {}): PlanItem {
  return { accountState: 'active', runCount: 0, lastSkipReason: null, lastIdenticalAt: null, ...overrides };
}

const repeatable = { isRepeatable: true, intervalHours: 1, nextRun: T0 };
const oneTime = { isRepeatable: false, intervalHours: 24, nextRun: T0 };

/** An interval queue whose rhythm is anchored at its planned run. */
function every(hours: number): NextRunAfter {
  return (after) => nextRunAfter({ kind: 'interval', intervalHours: hours, anchor: T0 }, after);
}

function planRun(
  queue: { isRepeatable: boolean; intervalHours: number; nextRun: number },
  items: PlanItem[],
  now: number,
  options: { manual?: boolean } = {},
) {
  return planWith(queue, items, now, every(queue.intervalHours), options);
}

describe('planning a queue run', () => {
  it('sends the first item at the planned time and runs again one interval later', () => {
    const plan = planRun(repeatable, [item(), item(), item()], T0 + 400);
    expect(plan.chosen).toEqual({ index: 0, publishAt: T0 });
    expect(plan.nextRun).toBe(T0 + HOUR_MS);
    expect(plan.finished).toBe(false);
  });

  it('sends a run found after a long stop now, and plans the next one in the same rhythm', () => {
    const late = T0 + 5 * HOUR_MS + 123;
    const plan = planRun(repeatable, [item()], late);
    expect(plan.chosen?.publishAt).toBe(late);
    expect(plan.nextRun).toBe(T0 + 6 * HOUR_MS);
  });

  it('posts the next item now when asked, keeping the planned run and passing over held-back text', () => {
    const later = T0 - 2 * HOUR_MS;
    const plan = planRun(repeatable, [item({ lastIdenticalAt: T0 - HOUR_MS }), item()], later, {
      manual: true,
    });
    expect(plan.skipped).toEqual([{ index: 0, kind: 'duplicate', notify: false }]);
    expect(plan.chosen).toEqual({ index: 1, publishAt: later });
    expect(plan.nextRun).toBe(T0);
    // A one-time queue's last item sent by hand finishes it.
    const last = planRun(oneTime, [item({ runCount: 1 }), item()], later, { manual: true });
    expect(last).toMatchObject({ finished: true, nextRun: null });
  });

  it('passes over an item whose account is disconnected, notifying once per episode', () => {
    const first = planRun(repeatable, [item({ accountState: 'disconnected' }), item()], T0);
    expect(first.skipped).toEqual([{ index: 0, kind: 'disconnected', notify: true }]);
    expect(first.chosen?.index).toBe(1);
    const again = planRun(
      repeatable,
      [item({ accountState: 'disconnected', lastSkipReason: 'disconnected' }), item()],
      T0,
    );
    expect(again.skipped).toEqual([{ index: 0, kind: 'disconnected', notify: false }]);
    const reconnect = planRun(repeatable, [item({ accountState: 'needs_reconnect' })], T0);
    expect(reconnect.chosen).toBeNull();
    expect(reconnect.skipped).toEqual([{ index: 0, kind: 'reconnect', notify: true }]);
    expect(reconnect.nextRun).toBe(T0 + HOUR_MS);
  });

  it('does not repeat identical text within 24 hours: it waits when the window closes before the next run', () => {
    const postedAt = T0 - 24 * HOUR_MS + 500;
    const plan = planRun({ ...repeatable, intervalHours: 24 }, [item({ lastIdenticalAt: postedAt })], T0);
    expect(plan.chosen).toEqual({ index: 0, publishAt: postedAt + DUPLICATE_WINDOW_MS });
  });

  it('passes over identical text whose window closes after the next run', () => {
    const plan = planRun(repeatable, [item({ lastIdenticalAt: T0 - 3 * HOUR_MS }), item()], T0);
    expect(plan.skipped).toEqual([{ index: 0, kind: 'duplicate', notify: false }]);
    expect(plan.chosen).toEqual({ index: 1, publishAt: T0 });
  });

  it('sends each item of a one-time queue once and stops after the last', () => {
    const items = [item({ runCount: 1 }), item(), item()];
    const middle = planRun(oneTime, items, T0);
    expect(middle.chosen?.index).toBe(1);
    expect(middle.finished).toBe(false);
    const last = planRun(oneTime, [item({ runCount: 1 }), item({ runCount: 1 }), item()], T0);
    expect(last.chosen?.index).toBe(2);
    expect(last.finished).toBe(true);
    expect(last.nextRun).toBeNull();
  });

  it('keeps a one-time queue running while its only unsent item is skipped', () => {
    const plan = planRun(oneTime, [item({ runCount: 1 }), item({ accountState: 'disconnected' })], T0);
    expect(plan.chosen).toBeNull();
    expect(plan.finished).toBe(false);
    expect(plan.nextRun).toBe(T0 + 24 * HOUR_MS);
  });

  it('knows which platforms refuse repeated text', () => {
    expect(refusesDuplicateText('twitter', true)).toBe(true);
    expect(refusesDuplicateText('facebook', false)).toBe(true);
    expect(refusesDuplicateText('facebook', true)).toBe(false);
    expect(refusesDuplicateText('threads', false)).toBe(false);
  });

  it('keeps the rhythm after a slightly late run', () => {
    expect(followingRun(T0, every(1), T0 + 1000)).toBe(T0 + HOUR_MS);
    expect(followingRun(T0, every(1), T0 + 2 * HOUR_MS)).toBe(T0 + 3 * HOUR_MS);
  });

  it('stays without a next run when the rhythm has no times (a posting schedule emptied)', () => {
    const plan = planWith(repeatable, [item()], T0, () => null);
    expect(plan.chosen).toEqual({ index: 0, publishAt: T0 });
    expect(plan.nextRun).toBeNull();
    expect(plan.finished).toBe(false);
  });
});
