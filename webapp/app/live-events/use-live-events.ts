import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListPostsResult } from '../../../shared/posts/api';
import { accountKeys, notificationKeys, onboardingKeys, postKeys, queueKeys } from '../../lib/query-keys';
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
  'accounts.changed',
  'notification.inserted',
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
  if (type === 'post.inserted' || type === 'accounts.changed') {
    void queryClient.invalidateQueries({ queryKey: onboardingKeys.checklist() });
  }
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
        queryClient.setQueriesData<ListPostsResult>({ queryKey: postKeys.lists() }, (page) =>
          page?.posts.some((p) => p.id === postId)
            ? {
                ...page,
                posts: page.posts.filter((p) => p.id !== postId),
                total: Math.max(0, page.total - 1),
              }
            : page,
        );
        queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
      }
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      break;
    }
    case 'accounts.changed':
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      // Lists show each post's account, and a disconnect fails the account's scheduled posts.
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      break;
    case 'notification.inserted':
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      // The notification bell shows the toast.
      window.dispatchEvent(new CustomEvent('postloom:notification', { detail: data?.notification }));
      break;
  }
}
