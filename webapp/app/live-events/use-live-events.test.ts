import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ListPostsResult } from '../../../shared/posts/api';
import { postKeys, queueKeys } from '../../lib/query-keys';
import { applyEvent } from './use-live-events';

function page(ids: string[]): ListPostsResult {
  return {
    posts: ids.map((id) => ({ id }) as ListPostsResult['posts'][number]),
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
    expect(client.getQueryData<ListPostsResult>(upcoming)?.posts.map((p) => p.id)).toEqual(['b']);
    expect(client.getQueryData<ListPostsResult>(upcoming)?.total).toBe(1);
    expect(client.getQueryData<ListPostsResult>(drafts)?.posts.map((p) => p.id)).toEqual(['c']);
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

  it('refreshes the queues when a post changes (a run created it, or it was published)', () => {
    const client = new QueryClient();
    for (const type of ['post.inserted', 'post.updated', 'post.deleted'] as const) {
      client.setQueryData(queueKeys.list(), []);
      applyEvent(client, type, { post: { id: 'p' }, postId: 'p' });
      expect(client.getQueryState(queueKeys.list())?.isInvalidated).toBe(true);
    }
  });
});
