import { describe, expect, it } from 'vitest';
import { createDueGate } from './due-gate.js';

describe('the due gate', () => {
  it('marks every post due at the same moment in one write, then releases them at that moment', async () => {
    const writes: number[][] = [];
    const gate = createDueGate(
      async (ids) => {
        writes.push(ids);
      },
      { groupSize: 2 },
    );
    const at = Date.now() + 100;
    const released: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((id) => gate.wait(id, at).then(() => released.push(Date.now()))));
    expect(writes).toEqual([[1, 2, 3, 4, 5]]);
    expect(Math.min(...released)).toBeGreaterThanOrEqual(at);
  });

  it('keeps posts due at different moments apart', async () => {
    const writes: number[][] = [];
    const gate = createDueGate(async (ids) => {
      writes.push(ids);
    });
    const now = Date.now();
    await Promise.all([gate.wait(1, now + 20), gate.wait(2, now + 60)]);
    expect(writes).toEqual([[1], [2]]);
  });

  it('stays busy until every released post has had its first answer', async () => {
    const gate = createDueGate(async () => undefined, { groupSize: 1 });
    const at = Date.now() + 20;
    await Promise.all([1, 2, 3].map((id) => gate.wait(id, at)));
    let idle = false;
    const idlePromise = gate.idle().then(() => {
      idle = true;
    });
    gate.firstAnswered(1);
    gate.firstAnswered(2);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(idle).toBe(false);
    gate.firstAnswered(3);
    await idlePromise;
    expect(idle).toBe(true);
  });

  it('stops holding back after maxHoldMs when a platform never answers', async () => {
    const gate = createDueGate(async () => undefined, { maxHoldMs: 50 });
    await gate.wait(1, Date.now() + 5);
    const started = Date.now();
    await gate.idle();
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
  });

  it('announces a coming burst by platform ahead of its moment', async () => {
    const announced: Array<[number, Record<string, number>]> = [];
    const gate = createDueGate(async () => undefined, {
      warmAheadMs: 40,
      warm: (counts) => announced.push([Date.now(), Object.fromEntries(counts)]),
    });
    const at = Date.now() + 100;
    await Promise.all([
      gate.wait(1, at, 'twitter'),
      gate.wait(2, at, 'twitter'),
      gate.wait(3, at, 'linkedin'),
    ]);
    expect(announced).toHaveLength(1);
    expect(announced[0]?.[1]).toEqual({ twitter: 2, linkedin: 1 });
    expect(announced[0]?.[0]).toBeLessThan(at);
  });

  it('holds every post back when the write fails', async () => {
    const gate = createDueGate(async () => {
      throw new Error('disk full');
    });
    await expect(gate.wait(1, Date.now() + 10)).rejects.toThrow('disk full');
  });
});
