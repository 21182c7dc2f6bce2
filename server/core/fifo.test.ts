import { describe, expect, it } from 'vitest';
import { Fifo } from './fifo.js';

describe('a first-in first-out queue', () => {
  it('hands items back in the order they came, however many came and went', () => {
    const fifo = new Fifo<number>();
    expect(fifo.shift()).toBeUndefined();
    for (let index = 0; index < 3000; index += 1) fifo.push(index);
    const taken: number[] = [];
    for (let index = 0; index < 2500; index += 1) taken.push(fifo.shift() as number);
    fifo.push(3000);
    expect(taken.slice(0, 3)).toEqual([0, 1, 2]);
    expect(taken.at(-1)).toBe(2499);
    expect(fifo.length).toBe(501);
    expect(fifo.peek()).toBe(2500);
    const rest: number[] = [];
    for (let item = fifo.shift(); item !== undefined; item = fifo.shift()) rest.push(item);
    expect(rest).toHaveLength(501);
    expect(rest.at(-1)).toBe(3000);
    expect(fifo.length).toBe(0);
  });
});
