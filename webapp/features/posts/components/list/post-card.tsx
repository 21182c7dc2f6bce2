import type { ReactNode } from 'react';
import { getPlatform } from '../../../../../shared/platforms/registry';
import type { PostDto } from '../../../../../shared/posts/api';
import { formatDateTime } from '../../../../../shared/time/format';
import { PlatformIcon } from '../../../../components/platform-icon';
import { StatusBadge } from '../../../../components/status-badge';
import { PostMetricsLine } from '../../../../shared/post-metrics/post-metrics-line';
import { usePreferences } from '../../../../shared/preferences/preferences';
import { CardMedia } from './card-media';

export function isThread(post: PostDto): boolean {
  return (post.tweets?.length ?? 0) > 1;
}

/** A post in a list: platform, account, text, time in the user's zone and format, media, actions. */
export function PostCard({
  post,
  actions,
  timeOf = 'scheduled',
}: {
  post: PostDto;
  actions: ReactNode;
  timeOf?: 'scheduled' | 'sent';
}) {
  const { timezone, timeFormat } = usePreferences();
  const info = getPlatform(post.platform);
  const content = post.tweets?.[0]?.content ?? post.content;
  const when = timeOf === 'sent' ? (post.postedAt ?? post.scheduledAt) : post.scheduledAt;
  return (
    <article
      aria-label={`${info.displayName} post`}
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-2">
        <PlatformIcon platform={post.platform} className="h-7 w-7" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-gray-900 text-sm">
            {post.account?.accountName ?? info.displayName}
            {post.account?.accountHandle ? (
              <span className="font-normal text-gray-500">
                {' '}
                @{post.account.accountHandle.replace(/^@/, '')}
              </span>
            ) : null}
          </p>
          <p className="text-gray-500 text-xs">
            {info.displayName}
            {when ? (
              <>
                {' · '}
                <time dateTime={when}>{formatDateTime(when, timezone, timeFormat)}</time>
              </>
            ) : null}
            {isThread(post) ? ` · Thread of ${post.tweets?.length}` : ''}
          </p>
        </div>
        <StatusBadge status={post.isDraft ? 'draft' : post.status} />
      </header>
      {content ? (
        <p className="mt-3 line-clamp-4 whitespace-pre-wrap break-words text-gray-800 text-sm">{content}</p>
      ) : null}
      {post.status === 'failed' && post.errorMessage ? (
        <p className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-red-700 text-sm">{post.errorMessage}</p>
      ) : null}
      <CardMedia post={post} />
      {post.status === 'posted' ? <PostMetricsLine metrics={post.metrics} /> : null}
      <div className="mt-4 flex flex-wrap gap-2">{actions}</div>
    </article>
  );
}
