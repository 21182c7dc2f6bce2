import { useEffect, useState } from 'react';
import { dayjs, toZone } from '../../lib/time';
import { usePreferences } from '../preferences/preferences';
import { CreatePostModal } from './create-post-modal';

/** The event the shell's 'Create new post' button (and the post lists) dispatch on window. */
export const CREATE_POST_EVENT = 'postloom:create-post';

export interface CreatePostRequest {
  /** A day (YYYY-MM-DD) or an instant (ISO) to preselect, e.g. from the calendar. */
  date?: string;
  /** Open this stored post for editing. */
  postId?: string;
  /** A failed post: the compact composer to fix and retry. */
  compact?: boolean;
}

export function openComposer(detail: CreatePostRequest = {}) {
  window.dispatchEvent(new CustomEvent<CreatePostRequest>(CREATE_POST_EVENT, { detail }));
}

/** Mounted once in the signed-in layout: opens the Create Post modal on request from any page. */
export function CreatePostHost() {
  const [request, setRequest] = useState<(CreatePostRequest & { open: boolean; nonce: number }) | null>(null);
  const { timezone } = usePreferences();

  useEffect(() => {
    function onRequest(event: Event) {
      const detail = ((event as CustomEvent<CreatePostRequest>).detail ?? {}) as CreatePostRequest;
      setRequest({ ...detail, open: true, nonce: Date.now() });
    }
    window.addEventListener(CREATE_POST_EVENT, onRequest);
    return () => window.removeEventListener(CREATE_POST_EVENT, onRequest);
  }, []);

  let initialScheduledAt: string | null = null;
  if (request?.date) {
    if (/^\d{4}-\d{2}-\d{2}$/.test(request.date)) {
      // A day from the calendar: 09:00 in the user's zone, or the next full hour when that has passed.
      const nineAm = dayjs.tz(`${request.date}T09:00:00`, timezone);
      const nextHour = toZone(Date.now(), timezone).add(1, 'hour').startOf('hour');
      initialScheduledAt = (nineAm.isAfter(nextHour) ? nineAm : nextHour).utc().toISOString();
    } else if (!Number.isNaN(Date.parse(request.date))) {
      initialScheduledAt = new Date(request.date).toISOString();
    }
  }

  return (
    <CreatePostModal
      key={request?.nonce ?? 0}
      open={Boolean(request?.open)}
      onClose={() => setRequest((r) => (r ? { ...r, open: false } : r))}
      postId={request?.postId ?? null}
      initialScheduledAt={initialScheduledAt}
      compact={request?.compact ?? false}
    />
  );
}
