import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CalendarPostDto } from '../../../shared/posts/api';
import type { ListPostsResult } from '../../../shared/posts/post-list';
import { accountKeys, notificationKeys, onboardingKeys, postKeys, queueKeys } from '../../lib/query-keys';
import { IMPORT_PROGRESS_EVENT } from '../../lib/window-events';
import { sessionQueryKey } from '../../shared/session/get-session';

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * One EventSource('/api/events') for the tab, mounted once in the protected layout.
 * Spec 02 section 4: an insert appears when it matches the current filter (the list queries
 * refetch with their own filters, so the server decides the match), an update refetches, a
 * delete disappears at once.
 */
export function useLiveEvents(enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    function connect() {
      source = new EventSource('/api/events', { withCredentials: true });
      source.onopen = () => {
        attempt = 0;
      };
      source.onerror = () => {
        // The browser retries by itself while CONNECTING; a CLOSED stream (e.g. a 401 or a
        // restart answering HTML) needs a new EventSource, with a growing pause.
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
        attempt += 1;
        timer = setTimeout(connect, delay);
      };
      for (const type of EVENT_TYPES) {
        source.addEventListener(type, (event) => applyEvent(queryClient, type, parse(event as MessageEvent)));
      }
      // The session was signed out elsewhere (or expired): stop, and let the guard send us to /login.
      source.addEventListener('session.ended', () => {
        stopped = true;
        source?.close();
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      });
      // Servers that send unnamed messages carry the type inside the data.
      source.onmessage = (event) => {
        const data = parse(event) as { type?: string } | null;
        if (data?.type && (EVENT_TYPES as readonly string[]).includes(data.type)) {
          applyEvent(queryClient, data.type as EventType, data);
        }
      };
    }

    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, queryClient]);
}

const EVENT_TYPES = [
  'post.inserted',
  'post.updated',
  'post.deleted',
  'posts.changed',
  'import.progress',
  'accounts.changed',
  'notification.inserted',
  'notification.updated',
] as const;
type EventType = (typeof EVENT_TYPES)[number];

function parse(event: MessageEvent): Record<string, unknown> | null {
  try {
    return JSON.parse(String(event.data)) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function applyEvent(
  queryClient: QueryClient,
  type: EventType,
  data: Record<string, unknown> | null,
): void {
  // Queue items show their latest post's state and link.
  if (type.startsWith('post.')) void queryClient.invalidateQueries({ queryKey: queueKeys.all });
  // The getting-started checklist ticks "first post" and "connect an account" from these.
  if (type === 'post.inserted' || type === 'posts.changed' || type === 'accounts.changed') {
    void queryClient.invalidateQueries({ queryKey: onboardingKeys.checklist() });
  }
  // A group's details show each account's post.
  if (type.startsWith('post.')) void queryClient.invalidateQueries({ queryKey: postKeys.groups() });
  switch (type) {
    case 'post.inserted':
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      break;
    case 'post.updated': {
      const post = data?.post as { id?: string } | undefined;
      if (post?.id) void queryClient.invalidateQueries({ queryKey: postKeys.detail(post.id) });
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      break;
    }
    case 'post.deleted': {
      const postId = typeof data?.postId === 'string' ? data.postId : null;
      if (postId) {
        queryClient.setQueriesData<PostListData>({ queryKey: postKeys.lists() }, (cached) =>
          withoutPost(cached, postId),
        );
        queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
      }
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      break;
    }
    case 'posts.changed':
      // A bulk import: one event for all its posts (or queue items). Every post list, the
      // calendar's ranges and the queues refetch once with their own filters.
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: queueKeys.all });
      break;
    case 'import.progress':
      // Only the import page that chose this progressId shows it.
      window.dispatchEvent(new CustomEvent(IMPORT_PROGRESS_EVENT, { detail: data }));
      break;
    case 'accounts.changed':
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      // Lists show each post's account, and a disconnect fails the account's scheduled posts.
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      break;
    case 'notification.inserted':
    case 'notification.updated':
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      // The notification bell shows the toast (an updated one in place of its earlier toast).
      window.dispatchEvent(new CustomEvent('postloom:notification', { detail: data?.notification }));
      break;
  }
}

/** The calendar's ranges hang under the lists' key too: both shapes are cached there. */
type PostListData = ListPostsResult | CalendarPostDto[];

/** A cached list without a deleted post: a lone post's entry goes, a group's entry loses that post. */
export function withoutPost(cached: PostListData | undefined, postId: string): PostListData | undefined {
  if (!cached) return cached;
  if (Array.isArray(cached)) {
    return cached.some((post) => post.id === postId) ? cached.filter((post) => post.id !== postId) : cached;
  }
  if (!cached.posts.some((post) => post.id === postId)) return cached;
  const entries = cached.entries
    .map((entry) => ({ ...entry, posts: entry.posts.filter((post) => post.id !== postId) }))
    .filter((entry) => entry.posts.length > 0);
  return {
    ...cached,
    entries,
    posts: cached.posts.filter((post) => post.id !== postId),
    total: Math.max(0, cached.total - (cached.entries.length - entries.length)),
  };
}
