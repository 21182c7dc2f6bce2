import { lazy, Suspense, useEffect, useState } from 'react';
import { defaultPostTime } from '../../../shared/posts/post-timing';
import { usePreferences } from '../preferences/preferences';

// The composer (editors, previews, platform rules, drag and drop) is downloaded when it is first
// opened, not with every signed-in page.
const CreatePostModal = lazy(() =>
  import('./create-post-modal').then((module) => ({ default: module.CreatePostModal })),
);

/** The event the shell's 'Create new post' button (and the post lists) dispatch on window. */
const CREATE_POST_EVENT = 'postloom:create-post';

interface CreatePostRequest {
  /** A day (YYYY-MM-DD) to preselect, e.g. from the calendar; with `hour`, an hour of that day. */
  date?: string;
  hour?: number;
  /** Open this stored post for editing. */
  postId?: string;
  /** Open this post group (one post per account) for editing; `accountId` picks the tab shown first. */
  groupId?: string;
  accountId?: string;
  /** A failed post: the compact composer to fix and retry. */
  compact?: boolean;
}

export function openComposer(detail: CreatePostRequest = {}) {
  window.dispatchEvent(new CustomEvent<CreatePostRequest>(CREATE_POST_EVENT, { detail }));
}

/** Mounted once in the signed-in layout: opens the Create Post modal on request from any page. */
export function CreatePostHost() {
  const [request, setRequest] = useState<
    (CreatePostRequest & { open: boolean; nonce: number; scheduledAt: string | null }) | null
  >(null);
  const { timezone } = usePreferences();

  useEffect(() => {
    function onRequest(event: Event) {
      const detail = ((event as CustomEvent<CreatePostRequest>).detail ?? {}) as CreatePostRequest;
      const now = Date.now();
      // A day or an hour from the calendar starts at the shared default time of a new post,
      // fixed when the composer opens (the modal starts over when its preselected time changes).
      const scheduledAt = detail.date
        ? new Date(defaultPostTime(now, timezone, { date: detail.date, hour: detail.hour })).toISOString()
        : null;
      setRequest({ ...detail, open: true, nonce: now, scheduledAt });
    }
    window.addEventListener(CREATE_POST_EVENT, onRequest);
    return () => window.removeEventListener(CREATE_POST_EVENT, onRequest);
  }, [timezone]);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <CreatePostModal
        key={request.nonce}
        open={request.open}
        onClose={() => setRequest((r) => (r ? { ...r, open: false } : r))}
        postId={request.postId ?? null}
        groupId={request.groupId ?? null}
        accountId={request.accountId ?? null}
        initialScheduledAt={request.scheduledAt}
        compact={request.compact ?? false}
      />
    </Suspense>
  );
}
