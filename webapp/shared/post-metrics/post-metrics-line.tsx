import type { PostMetricsDto } from '../../../shared/posts/api';
import { formatDateTime } from '../../../shared/time/format';
import { formatCount } from '../../lib/format-count';
import { usePreferences } from '../preferences/preferences';

/** A published post's numbers as last read from its platform (sent post cards, calendar details). */
export function PostMetricsLine({ metrics }: { metrics: PostMetricsDto | null }) {
  const { timezone, timeFormat } = usePreferences();
  if (!metrics) return null;
  const parts = [
    [metrics.likes, 'likes'],
    [metrics.comments, 'comments'],
    [metrics.shares, 'shares'],
    ...(metrics.views ? [[metrics.views, 'views'] as const] : []),
  ] as const;
  return (
    <p
      className="mt-2 text-gray-600 text-xs"
      title={`Read ${formatDateTime(metrics.readAt, timezone, timeFormat)}`}
    >
      <span className="sr-only">Post metrics: </span>
      {parts.map(([value, label]) => `${formatCount(value)} ${label}`).join(' · ')}
    </p>
  );
}
