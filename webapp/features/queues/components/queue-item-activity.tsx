import type { ReactNode } from 'react';
import type { QueueItemDto } from '../../../../shared/queues/api';
import { formatDateTime } from '../../../../shared/time/format';
import { ExternalLinkIcon } from '../../../components/icons';
import { usePreferences } from '../../../shared/preferences/preferences';

/** When the item last went out and its post link, a pending run, a failure, or why it was skipped. */
export function QueueItemActivity({ item, isRepeatable }: { item: QueueItemDto; isRepeatable: boolean }) {
  const { timezone, timeFormat } = usePreferences();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timezone, timeFormat) : '');
  const post = item.lastPost;
  const skippedLater =
    item.skipReason &&
    item.skippedAt &&
    (!item.lastRunAt || Date.parse(item.skippedAt) >= Date.parse(item.lastRunAt));

  let line: ReactNode;
  if (post?.status === 'posted') {
    line = (
      <>
        Last sent {when(post.postedAt)}
        {post.url ? (
          <>
            {' · '}
            <a
              href={post.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
            >
              View post
              <ExternalLinkIcon className="h-3.5 w-3.5" />
            </a>
          </>
        ) : null}
      </>
    );
  } else if (post?.status === 'failed') {
    line = (
      <span className="text-red-700">
        The run of {when(post.scheduledAt)} failed: {post.errorMessage ?? 'Action failed'}
      </span>
    );
  } else if (post && (post.status === 'scheduled' || post.status === 'publishing')) {
    line =
      post.status === 'publishing' || (post.scheduledAt && Date.parse(post.scheduledAt) <= Date.now())
        ? 'Publishing now…'
        : `Goes out ${when(post.scheduledAt)}`;
  } else if (item.lastRunAt) {
    line = `Last sent ${when(item.lastRunAt)}`;
  } else {
    line = 'Not sent yet';
  }

  return (
    <div className="mt-1 space-y-0.5 text-gray-600 text-xs" data-testid="item-activity">
      <p>
        {line}
        {isRepeatable && item.runCount > 1 ? ` · Sent ${item.runCount} times` : null}
      </p>
      {skippedLater ? <p className="text-amber-700">{item.skipReason}</p> : null}
    </div>
  );
}
