import { PLATFORM_IDS } from '../../../../shared/platforms/ids';
import type { CalendarPostDto } from '../../../../shared/posts/api';

/**
 * What a calendar cell shows: a lone post, or the posts of one group in that cell as ONE item
 * (a chip with its accounts' network icons, issue 23). A version moved on its own to another day
 * or hour is an item of that cell.
 */
export interface CalendarItem {
  key: string;
  groupId: string | null;
  /** One for a lone post; a group's in the platforms' order (X first), as the lists show them. */
  posts: CalendarPostDto[];
  /** The earliest post's time. */
  atMs: number;
}

/** The items of each cell (`cellOf` names a post's day, or day and hour), each cell in time order. */
export function itemsByCell(
  posts: readonly CalendarPostDto[],
  cellOf: (post: CalendarPostDto) => string,
): Map<string, CalendarItem[]> {
  const cells = new Map<string, CalendarItem[]>();
  const groups = new Map<string, CalendarItem>();
  for (const post of [...posts].sort((a, b) => a.atMs - b.atMs || a.id.localeCompare(b.id))) {
    const cell = cellOf(post);
    const items = cells.get(cell) ?? [];
    cells.set(cell, items);
    const groupKey = post.groupId ? `${cell}|${post.groupId}` : null;
    const existing = groupKey ? groups.get(groupKey) : undefined;
    if (existing) {
      existing.posts.push(post);
      continue;
    }
    const item: CalendarItem = {
      key: post.groupId ? `group:${post.groupId}:${cell}` : post.id,
      groupId: post.groupId ?? null,
      posts: [post],
      atMs: post.atMs,
    };
    items.push(item);
    if (groupKey) groups.set(groupKey, item);
  }
  const order = (post: CalendarPostDto) => PLATFORM_IDS.indexOf(post.platform);
  for (const item of groups.values()) item.posts.sort((a, b) => order(a) - order(b));
  return cells;
}
