import { describe, expect, it } from 'vitest';
import { formatCrashReport, runCrashScenario } from '../support/crash-scenario.js';

describe('publishing survives a crash in the middle of a burst', () => {
  it('publishes every post exactly once after kill -9 and a restart, asking the platform about the ones that may have left', {
    timeout: 180_000,
  }, async () => {
    // 200 posts across the six platforms; the server dies as the sandbox records the 20th.
    const report = await runCrashScenario({ posts: 200, killAt: 0.1 });
    console.log(formatCrashReport(report));

    expect(report.posts).toBe(200);
    expect(report.publicAtKill).toBeLessThan(200);
    expect(report.total.twice).toBe(0);
    expect(report.total.lost).toBe(0);
    expect(report.total.wrongRecord).toBe(0);
    // Every platform here can tell (TikTok by the publish id of its videos): nobody is asked
    // to check a post the platform never received, nor one it did.
    expect(report.total.unconfirmedNeverReceived).toBe(0);
    expect(report.total.unconfirmed).toBe(0);
    expect(report.total.posted).toBe(200);
    // Some posts were marked "maybe sent" when the server died: each was found on the
    // platform or, absent after its listing delay, sent once.
    expect(report.total.maybeSent).toBeGreaterThan(0);
  });
});
