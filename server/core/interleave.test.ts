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

  it('keeps the proportion over a whole burst: one of three from a lane half as long as the other', () => {
    const x = Array.from({ length: 1000 }, (_, index) => `x${index}`);
    const l = Array.from({ length: 500 }, (_, index) => `l${index}`);
    const merged = interleave([x, l]);
    expect(merged).toHaveLength(1500);
    for (let at = 0; at < merged.length; at += 3) {
      expect(merged.slice(at, at + 3).filter((item) => item.startsWith('l'))).toHaveLength(1);
    }
    expect(merged.filter((item) => item.startsWith('x'))).toEqual(x);
    expect(merged.filter((item) => item.startsWith('l'))).toEqual(l);
  });

  it('breaks a tie between equal positions by lane order', () => {
    // Lanes of 1 and 3: the single item's middle (0.5) is the second item's of the other (1.5 / 3).
    expect(interleave([['a1', 'a2', 'a3'], ['b1']])).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(interleave([['b1'], ['a1', 'a2', 'a3']])).toEqual(['a1', 'b1', 'a2', 'a3']);
  });
});
