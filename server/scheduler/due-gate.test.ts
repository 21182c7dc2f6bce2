import { describe, expect, it } from 'vitest';
import { createDueGate } from './due-gate.js';

describe('the due gate', () => {
  it('marks every post due at the same moment in one write, then releases them at that moment', async () => {
    const writes: number[][] = [];
    const gate = createDueGate(async (ids) => {
      writes.push(ids);
    }, 2);
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

  it('is idle again once every post of a release has been let through', async () => {
    const gate = createDueGate(async () => undefined, 1);
    const at = Date.now() + 20;
    const order: string[] = [];
    const posts = [1, 2, 3].map((id) => gate.wait(id, at).then(() => order.push(`post ${id}`)));
    await new Promise((resolve) => setTimeout(resolve, 25));
    await gate.idle().then(() => order.push('idle'));
    await Promise.all(posts);
    expect(order).toEqual(['post 1', 'post 2', 'post 3', 'idle']);
  });

  it('holds every post back when the write fails', async () => {
    const gate = createDueGate(async () => {
      throw new Error('disk full');
    });
    await expect(gate.wait(1, Date.now() + 10)).rejects.toThrow('disk full');
  });
});
