import type { AnalyticsResult, MetricCard } from '../../../../shared/analytics/api';
import { formatCount } from '../../../lib/format-count';
import { formatChange } from '../lib/format';

const CARDS = [
  ['followers', 'Followers'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['shares', 'Shares'],
] as const;

function Card({ label, card }: { label: string; card: MetricCard }) {
  const tone =
    card.change === null || card.change === 0
      ? 'text-gray-500'
      : card.change > 0
        ? 'text-green-700'
        : 'text-red-700';
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-gray-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900">{formatCount(card.value)}</dd>
      <dd className={`mt-1 text-sm ${tone}`}>
        Change: {formatChange(card.change)}{' '}
        <span className="text-gray-400">(was {formatCount(card.previous)})</span>
      </dd>
    </div>
  );
}

/** Spec 02: followers, shares, comments and likes, each with its Change, and the total posts. */
export function OverviewCards({ overview }: { overview: AnalyticsResult['overview'] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-label="Overview">
      {CARDS.map(([key, label]) => (
        <Card key={key} label={label} card={overview[key]} />
      ))}
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <dt className="text-sm text-gray-500">Total posts</dt>
        <dd className="mt-1 text-2xl font-semibold text-gray-900">{formatCount(overview.totalPosts)}</dd>
      </div>
    </dl>
  );
}
