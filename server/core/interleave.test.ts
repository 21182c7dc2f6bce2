import { describe, expect, it } from 'vitest';
import { interleave } from './interleave.js';

describe('interleave', () => {
  it('alternates lanes of the same length', () => {
    expect(
      interleave([
        ['x1', 'x2', 'x3'],
        ['l1', 'l2', 'l3'],
      ]),
    ).toEqual(['x1', 'l1', 'x2', 'l2', 'x3', 'l3']);
  });

  it('spreads a shorter lane evenly over a longer one, each in its own order', () => {
    const merged = interleave<number | string>([
      [1, 2, 3, 4],
      ['a', 'b'],
    ]);
    expect(merged).toEqual([1, 'a', 2, 3, 'b', 4]);
  });

  it('answers a single lane as it is and skips empty lanes', () => {
    expect(interleave([[], [1, 2], []])).toEqual([1, 2]);
    expect(interleave([])).toEqual([]);
  });
});
