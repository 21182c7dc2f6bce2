import type { ReactNode } from 'react';
import type { PostDto } from '../../../../../shared/posts/api';
import type { GroupAccountStatus } from '../../../../../shared/posts/group-outcome';
import type { PostListEntryDto } from '../../../../../shared/posts/post-list';
import { formatDateTime } from '../../../../../shared/time/format';
import { AccountStatusList, PlatformIcons } from '../../../../shared/post-groups/account-status-list';
import { accountStatusOf } from '../../../../shared/post-groups/group-accounts';
import { GroupStatusBadge } from '../../../../shared/post-groups/group-status-badge';
import { usePreferences } from '../../../../shared/preferences/preferences';
import { CardMedia } from './card-media';

/** When a list shows an entry: its earliest post's time (sent: when it went out). */
export function entryTime(posts: readonly PostDto[], timeOf: 'scheduled' | 'sent'): string | null {
  const times = posts.flatMap((post) => {
    const when = timeOf === 'sent' ? (post.postedAt ?? post.scheduledAt) : post.scheduledAt;
    return when ? [when] : [];
  });
  return times.sort()[0] ?? null;
}

/**
 * A post group in a list (issue 23): ONE entry with the shared text (or the first version's),
 * the time, a media preview, and every account with its own status, its link once posted and its
 * reason once failed.
 */
export function GroupCard({
  entry,
  actions,
  accountActions,
  timeOf = 'scheduled',
}: {
  entry: PostListEntryDto;
  actions?: ReactNode;
  accountActions?: (account: GroupAccountStatus) => ReactNode;
  timeOf?: 'scheduled' | 'sent';
}) {
  const { timezone, timeFormat } = usePreferences();
  const { posts } = entry;
  const first = posts[0];
  const text = entry.group?.shared.content || (first ? (first.tweets?.[0]?.content ?? first.content) : '');
  const withMedia =
    posts.find((post) => !post.customized && post.media.length > 0) ??
    posts.find((post) => post.media.length > 0);
  const when = entryTime(posts, timeOf);
  return (
    <article
      aria-label={`Post to ${posts.length} accounts`}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-2">
        <PlatformIcons platforms={posts.map((post) => post.platform)} className="h-7 w-7" />
        {/* At least room for 'Nov 26, 2026 17:06' on one line; the badge wraps under it on a phone. */}
        <div className="min-w-[8.5rem] flex-1">
          <p className="truncate font-medium text-gray-900 text-sm">{posts.length} accounts</p>
          {when ? (
            <p className="text-gray-500 text-xs">
              <time dateTime={when}>{formatDateTime(when, timezone, timeFormat)}</time>
            </p>
          ) : null}
        </div>
        <GroupStatusBadge statuses={posts.map((post) => (post.isDraft ? 'draft' : post.status))} />
      </header>
      {text ? (
        <p className="mt-3 line-clamp-4 whitespace-pre-wrap break-words text-gray-800 text-sm">{text}</p>
      ) : null}
      {withMedia ? <CardMedia post={withMedia} /> : null}
      <div className="mt-3 border-gray-100 border-t pt-3">
        <AccountStatusList accounts={posts.map(accountStatusOf)} actions={accountActions} />
      </div>
      {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
