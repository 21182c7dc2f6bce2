import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyYoungGeneration } from './young-generation.js';

const global = globalThis as { gc?: unknown };

describe('emptyYoungGeneration', () => {
  const original = global.gc;
  afterEach(() => {
    global.gc = original;
  });

  it('runs two minor collections when the process exposes gc', () => {
    const gc = vi.fn();
    global.gc = gc;
    expect(emptyYoungGeneration()).toBe(true);
    expect(gc.mock.calls).toEqual([[{ type: 'minor' }], [{ type: 'minor' }]]);
  });

  it('does nothing without --expose-gc', () => {
    global.gc = undefined;
    expect(emptyYoungGeneration()).toBe(false);
  });
});
