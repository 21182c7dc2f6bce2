import { describe, expect, it } from 'vitest';
import type { CalendarPostDto } from '../../../../shared/posts/api';
import { itemsByCell } from './calendar-items';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T = Date.parse('2030-05-06T09:00:00Z');

function post(
  id: string,
  atMs: number,
  groupId: string | null = null,
  platform: CalendarPostDto['platform'] = 'twitter',
): CalendarPostDto {
  return { id, atMs, groupId, platform, status: 'scheduled' } as CalendarPostDto;
}

const byDay = (p: CalendarPostDto) => new Date(p.atMs).toISOString().slice(0, 10);

describe('the items of a calendar cell', () => {
  it('shows the posts of one group in a cell as one item (X first), and lone posts as their own', () => {
    const cells = itemsByCell(
      [
        post('ig', T, 'g', 'instagram'),
        post('lone', T + HOUR),
        post('fb', T, 'g', 'facebook'),
        post('x', T + 1000, 'g', 'twitter'),
      ],
      byDay,
    );
    const items = cells.get('2030-05-06') ?? [];
    expect(items.map((item) => [item.groupId, item.posts.map((p) => p.id)])).toEqual([
      ['g', ['x', 'fb', 'ig']],
      [null, ['lone']],
    ]);
    expect(items[0]!.atMs).toBe(T);
  });

  it('keeps a version moved to another day in that day, and two groups apart', () => {
    const cells = itemsByCell([post('a', T, 'g'), post('b', T + DAY, 'g'), post('c', T, 'h')], byDay);
    expect(cells.get('2030-05-06')?.map((item) => item.groupId)).toEqual(['g', 'h']);
    expect(cells.get('2030-05-07')?.map((item) => item.posts.map((p) => p.id))).toEqual([['b']]);
    expect(cells.get('2030-05-06')?.[0]?.key).not.toBe(cells.get('2030-05-07')?.[0]?.key);
  });
});
