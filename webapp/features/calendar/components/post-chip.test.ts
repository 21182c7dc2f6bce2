import { describe, expect, it } from 'vitest';
import type { CalendarPostDto } from '../../../../shared/posts/api';
import { didNotGoOut, isMovable } from './post-chip';

const NOW = Date.parse('2030-05-05T10:00:00Z');
const MINUTE = 60_000;

function post(status: CalendarPostDto['status'], atMs: number): CalendarPostDto {
  return { id: 'p', status, atMs } as CalendarPostDto;
}

describe('a post on the calendar', () => {
  it('is shown as not gone out once failed, or scheduled past the server’s grace', () => {
    expect(didNotGoOut(post('failed', NOW - MINUTE), 60, NOW)).toBe(true);
    expect(didNotGoOut(post('scheduled', NOW - 61 * MINUTE), 60, NOW)).toBe(true);
  });

  it('is still due (not dimmed) within the grace, while sending, or once posted', () => {
    expect(didNotGoOut(post('scheduled', NOW - 5 * MINUTE), 60, NOW)).toBe(false);
    expect(didNotGoOut(post('publishing', NOW - 5 * MINUTE), 60, NOW)).toBe(false);
    expect(didNotGoOut(post('posted', NOW - 90 * MINUTE), 60, NOW)).toBe(false);
  });

  it('can be dragged while scheduled and not yet due', () => {
    expect(isMovable(post('scheduled', NOW + MINUTE), NOW)).toBe(true);
    expect(isMovable(post('scheduled', NOW - MINUTE), NOW)).toBe(false);
  });
});
