import type { AnalyticsResult } from '../../../../shared/analytics/api';
import { getPlatform } from '../../../../shared/platforms/registry';
import type { TimeFormat } from '../../../../shared/settings/preferences';
import { formatDateTime } from '../../../../shared/time/format';

import { formatCount } from '../../../lib/format-count';

export function TopPosts({
  posts,
  timezone,
  timeFormat,
}: {
  posts: AnalyticsResult['topPosts'];
  timezone: string;
  timeFormat: TimeFormat;
}) {
  return (
    <section
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      aria-labelledby="top-heading"
    >
      <h2 id="top-heading" className="text-base font-semibold text-gray-900">
        Top post performance
      </h2>
      {posts.length === 0 ? (
        <p className="mt-2 text-sm text-gray-500">No published posts with numbers in this range yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-gray-100" aria-label="Top posts">
          {posts.map((post) => (
            <li key={post.id} className="py-3">
              <div className="flex flex-wrap items-center gap-x-2 text-xs text-gray-500">
                <span className="font-medium text-gray-700">{getPlatform(post.platform).displayName}</span>
                <span>{formatDateTime(post.postedAt, timezone, timeFormat)}</span>
                {post.url ? (
                  <a
                    className="text-brand-700 hover:underline"
                    href={post.url}
                    target="_blank"
                    rel="noreferrer"
                  >
                    View post
                  </a>
                ) : null}
              </div>
              <p className="mt-1 line-clamp-2 text-sm text-gray-900">{post.content || '(no text)'}</p>
              <p className="mt-1 text-xs text-gray-600">
                {formatCount(post.metrics.likes)} likes · {formatCount(post.metrics.comments)} comments ·{' '}
                {formatCount(post.metrics.shares)} shares · {formatCount(post.metrics.engagement)} engagement
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
