import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { CalendarPostDto } from '../../../shared/posts/api';
import type { ListPostsResult } from '../../../shared/posts/post-list';
import { postKeys, queueKeys } from '../../lib/query-keys';
import { IMPORT_PROGRESS_EVENT } from '../../lib/window-events';
import { applyEvent } from './use-live-events';

type Post = ListPostsResult['posts'][number];

/** A page of lone posts, and of groups: ['g', ['a', 'b']] is one group entry of two posts. */
function page(items: Array<string | [string, string[]]>): ListPostsResult {
  const entries = items.map((item) =>
    typeof item === 'string'
      ? { group: null, posts: [{ id: item, groupId: null } as Post] }
      : {
          group: { id: item[0] } as ListPostsResult['entries'][number]['group'],
          posts: item[1].map((id) => ({ id, groupId: item[0] }) as Post),
        },
  );
  return { entries, posts: entries.flatMap((e) => e.posts), total: items.length, page: 1, pageSize: 10 };
}

describe('live events', () => {
  it('removes a deleted post from every cached list at once', () => {
    const client = new QueryClient();
    const upcoming = postKeys.list({ view: 'upcoming' });
    const drafts = postKeys.list({ view: 'upcoming', status: 'draft' });
    client.setQueryData(upcoming, page(['a', 'b']));
    client.setQueryData(drafts, page(['c']));
    applyEvent(client, 'post.deleted', { postId: 'a' });
    expect(client.getQueryData<ListPostsResult>(upcoming)?.posts.map((p) => p.id)).toEqual(['b']);
    expect(client.getQueryData<ListPostsResult>(upcoming)?.total).toBe(1);
    expect(client.getQueryData<ListPostsResult>(drafts)?.posts.map((p) => p.id)).toEqual(['c']);
  });

  it("takes one account's post out of its group's entry, and the entry once its last post goes", () => {
    const client = new QueryClient();
    const upcoming = postKeys.list({ view: 'upcoming' });
    client.setQueryData(upcoming, page(['a', ['g', ['x', 'y']]]));
    applyEvent(client, 'post.deleted', { postId: 'x' });
    let cached = client.getQueryData<ListPostsResult>(upcoming);
    expect(cached?.entries.map((e) => e.posts.map((p) => p.id))).toEqual([['a'], ['y']]);
    expect(cached?.total).toBe(2);
    applyEvent(client, 'post.deleted', { postId: 'y' });
    cached = client.getQueryData<ListPostsResult>(upcoming);
    expect(cached?.entries.map((e) => e.posts.map((p) => p.id))).toEqual([['a']]);
    expect(cached?.posts.map((p) => p.id)).toEqual(['a']);
    expect(cached?.total).toBe(1);
  });

  it('takes a deleted post off the calendar, cached under the same key', () => {
    const client = new QueryClient();
    const month = [...postKeys.lists(), 'calendar', 'from', 'to', ''];
    client.setQueryData(month, [{ id: 'a' }, { id: 'b' }] as CalendarPostDto[]);
    applyEvent(client, 'post.deleted', { postId: 'a' });
    expect(client.getQueryData<CalendarPostDto[]>(month)?.map((p) => p.id)).toEqual(['b']);
  });

  it('marks the lists stale on an insert or update so they refetch with their own filters', () => {
    const client = new QueryClient();
    const upcoming = postKeys.list({ view: 'upcoming' });
    client.setQueryData(upcoming, page([]));
    applyEvent(client, 'post.inserted', { post: { id: 'n' } });
    expect(client.getQueryState(upcoming)?.isInvalidated).toBe(true);
    client.setQueryData(upcoming, page(['n']));
    client.setQueryData(postKeys.detail('n'), { id: 'n' });
    applyEvent(client, 'post.updated', { post: { id: 'n' } });
    expect(client.getQueryState(upcoming)?.isInvalidated).toBe(true);
    expect(client.getQueryState(postKeys.detail('n'))?.isInvalidated).toBe(true);
  });

  it('refreshes accounts and the post lists that show them when accounts change', () => {
    const client = new QueryClient();
    client.setQueryData(['accounts'], []);
    client.setQueryData(postKeys.list({ view: 'upcoming' }), page(['x']));
    applyEvent(client, 'accounts.changed', {});
    expect(client.getQueryState(['accounts'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(postKeys.list({ view: 'upcoming' }))?.isInvalidated).toBe(true);
  });

  it('refreshes notifications, hands the notification to the bell, and leaves posts alone', () => {
    // The hook runs in the browser; here a bare EventTarget stands in for window.
    const target = new EventTarget();
    const seen: unknown[] = [];
    target.addEventListener('postloom:notification', (event) => seen.push((event as CustomEvent).detail));
    Object.assign(globalThis, { window: target });
    const client = new QueryClient();
    client.setQueryData(['notifications'], []);
    client.setQueryData(postKeys.list({ view: 'sent' }), page(['x']));
    applyEvent(client, 'notification.inserted', { notification: { id: 'n1' } });
    applyEvent(client, 'notification.updated', {
      notification: { id: 'n1', title: 'Posted to 2 of 4 accounts' },
    });
    Reflect.deleteProperty(globalThis, 'window');
    expect(seen).toEqual([{ id: 'n1' }, { id: 'n1', title: 'Posted to 2 of 4 accounts' }]);
    expect(client.getQueryState(['notifications'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(postKeys.list({ view: 'sent' }))?.isInvalidated).toBe(false);
  });

  it('refreshes the queues when a post changes (a run created it, or it was published)', () => {
    const client = new QueryClient();
    for (const type of ['post.inserted', 'post.updated', 'post.deleted'] as const) {
      client.setQueryData(queueKeys.list(), []);
      applyEvent(client, type, { post: { id: 'p' }, postId: 'p' });
      expect(client.getQueryState(queueKeys.list())?.isInvalidated).toBe(true);
    }
  });

  it("refreshes every post list, the calendar and the queues once for a whole import's posts", () => {
    const client = new QueryClient();
    const upcoming = postKeys.list({ view: 'upcoming' });
    const month = [...postKeys.lists(), 'calendar', 'from', 'to', ''];
    client.setQueryData(upcoming, page(['a']));
    client.setQueryData(month, [] as CalendarPostDto[]);
    client.setQueryData(queueKeys.list(), []);
    applyEvent(client, 'posts.changed', { reason: 'import', posts: 240, queueItems: 0 });
    for (const key of [upcoming, month, queueKeys.list()]) {
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });

  it("hands an import's progress to the page as a window event, touching no cached query", () => {
    const target = new EventTarget();
    const seen: unknown[] = [];
    target.addEventListener(IMPORT_PROGRESS_EVENT, (event) => seen.push((event as CustomEvent).detail));
    Object.assign(globalThis, { window: target });
    const client = new QueryClient();
    client.setQueryData(postKeys.list({ view: 'upcoming' }), page(['x']));
    const progress = { progressId: 'import-1', phase: 'media', done: 3, total: 12 };
    applyEvent(client, 'import.progress', progress);
    Reflect.deleteProperty(globalThis, 'window');
    expect(seen).toEqual([progress]);
    expect(client.getQueryState(postKeys.list({ view: 'upcoming' }))?.isInvalidated).toBe(false);
  });
});
