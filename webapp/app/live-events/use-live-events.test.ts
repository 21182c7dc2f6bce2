import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PostListPage } from '../../features/posts/api/list-posts';
import { postKeys } from '../../lib/query-keys';
import { applyEvent } from './use-live-events';

function page(ids: string[]): PostListPage {
  return {
    posts: ids.map((id) => ({ id }) as PostListPage['posts'][number]),
    total: ids.length,
    page: 1,
    pageSize: 10,
  };
}

describe('live events', () => {
  it('removes a deleted post from every cached list at once', () => {
    const client = new QueryClient();
    const upcoming = postKeys.list({ view: 'upcoming' });
    const drafts = postKeys.list({ view: 'upcoming', status: 'draft' });
    client.setQueryData(upcoming, page(['a', 'b']));
    client.setQueryData(drafts, page(['c']));
    applyEvent(client, 'post.deleted', { postId: 'a' });
    expect(client.getQueryData<PostListPage>(upcoming)?.posts.map((p) => p.id)).toEqual(['b']);
    expect(client.getQueryData<PostListPage>(upcoming)?.total).toBe(1);
    expect(client.getQueryData<PostListPage>(drafts)?.posts.map((p) => p.id)).toEqual(['c']);
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
    Reflect.deleteProperty(globalThis, 'window');
    expect(seen).toEqual([{ id: 'n1' }]);
    expect(client.getQueryState(['notifications'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(postKeys.list({ view: 'sent' }))?.isInvalidated).toBe(false);
  });
});
