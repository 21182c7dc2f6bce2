import { describe, expect, it } from 'vitest';
import {
  describeRetrySchedule,
  MAX_WEBHOOK_ATTEMPTS,
  nextAttemptAt,
  WEBHOOK_RETRY_SCHEDULE_MS,
} from './retry-schedule.js';

describe('the webhook retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h, then gives up', () => {
    const waits = [];
    for (let failed = 1; failed < MAX_WEBHOOK_ATTEMPTS; failed += 1) waits.push(nextAttemptAt(failed, 0));
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 50_400_000]);
    expect(nextAttemptAt(MAX_WEBHOOK_ATTEMPTS, 0)).toBeNull();
  });

  it('tries for about a day and a half in all', () => {
    const total = WEBHOOK_RETRY_SCHEDULE_MS.reduce((sum, wait) => sum + wait, 0);
    expect(total / 3_600_000).toBeCloseTo(31.58, 1);
  });

  it('scales every wait for tests without changing their order', () => {
    expect(nextAttemptAt(1, 1000, 0.001)).toBe(1005);
    expect(nextAttemptAt(2, 1000, 0.001)).toBe(1300);
  });

  it('reads as people say it', () => {
    expect(describeRetrySchedule()).toBe('5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 14 h');
  });
});
