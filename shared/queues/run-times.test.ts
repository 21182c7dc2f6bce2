import { describe, expect, it } from 'vitest';
import { HOUR_MS, isRunTime, nextRunAfter, nextWeeklySlot, weeklySlots } from './run-times.js';

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

describe('a queue’s run times', () => {
  it('runs every N hours in the rhythm of its anchor', () => {
    const anchor = Date.UTC(2026, 10, 22, 15, 37);
    const rhythm = { kind: 'interval', intervalHours: 24, anchor } as const;
    expect(nextRunAfter(rhythm, anchor)).toBe(anchor + 24 * HOUR_MS);
    expect(nextRunAfter(rhythm, anchor + 30 * HOUR_MS)).toBe(anchor + 48 * HOUR_MS);
    expect(nextRunAfter(rhythm, anchor - 5)).toBe(anchor + 24 * HOUR_MS);
  });

  it('takes the next chosen time on a chosen weekday, in the user’s zone', () => {
    // Wednesday 25 November 2026, 10:00 in Tokyo.
    const after = Date.UTC(2026, 10, 25, 1, 0);
    const slots = weeklySlots([1, 5], ['08:30', '18:00']);
    // Wednesday is not chosen: Friday 08:30 Tokyo = Thursday 23:30 UTC.
    expect(nextWeeklySlot(slots, after, 'Asia/Tokyo')).toBe(Date.UTC(2026, 10, 26, 23, 30));
    expect(nextWeeklySlot([], after, 'Asia/Tokyo')).toBeNull();
  });

  it('keeps 09:00 at 09:00 across the spring and autumn clock changes', () => {
    const slots = weeklySlots(EVERY_DAY, ['09:00']);
    // London moves to summer time on Sunday 29 March 2026.
    const saturday = Date.UTC(2026, 2, 28, 9, 0);
    const sunday = nextWeeklySlot(slots, saturday, 'Europe/London');
    expect(sunday).toBe(Date.UTC(2026, 2, 29, 8, 0));
    expect(sunday! - saturday).toBe(23 * HOUR_MS);
    // And back on Sunday 25 October 2026.
    const octSaturday = Date.UTC(2026, 9, 24, 8, 0);
    expect(nextWeeklySlot(slots, octSaturday, 'Europe/London')).toBe(Date.UTC(2026, 9, 25, 9, 0));
  });

  it('finds the next slot for a zone behind UTC late in the evening', () => {
    // 23:30 on Monday in Los Angeles is already Tuesday in UTC; Monday 23:45 is still to come.
    const after = Date.UTC(2026, 10, 24, 7, 30);
    const slots = weeklySlots([1], ['23:45']);
    expect(nextWeeklySlot(slots, after, 'America/Los_Angeles')).toBe(Date.UTC(2026, 10, 24, 7, 45));
  });

  it('tells a run time from a time that is no longer a slot', () => {
    const rhythm = { kind: 'slots', slots: weeklySlots(EVERY_DAY, ['09:00']), timeZone: 'UTC' } as const;
    expect(isRunTime(rhythm, Date.UTC(2026, 10, 25, 9, 0))).toBe(true);
    expect(isRunTime(rhythm, Date.UTC(2026, 10, 25, 14, 0))).toBe(false);
  });
});
