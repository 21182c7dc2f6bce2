import type { AnalyticsResult } from '../../../../shared/analytics/api';
import { getPlatform } from '../../../../shared/platforms/registry';
import { formatCount } from '../../../lib/format-count';

export function PlatformMetrics({ rows }: { rows: AnalyticsResult['platformMetrics'] }) {
  return (
    <section
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      aria-labelledby="platform-heading"
    >
      <h2 id="platform-heading" className="text-base font-semibold text-gray-900">
        Platform metrics
      </h2>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[30rem] text-left text-sm">
          <thead className="text-gray-500">
            <tr>
              <th className="py-2 font-medium">Account</th>
              <th className="whitespace-nowrap py-2 pl-3 text-right font-medium">Followers</th>
              <th className="whitespace-nowrap py-2 pl-3 text-right font-medium">Engagement</th>
              <th className="whitespace-nowrap py-2 pl-3 text-right font-medium">Views</th>
              <th className="whitespace-nowrap py-2 pl-3 text-right font-medium">Posts</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-3 text-gray-500">
                  No connected accounts on these platforms yet.
                </td>
              </tr>
            ) : null}
            {rows.map((row) => (
              <tr key={row.accountId ?? `${row.platform}-disconnected`}>
                <th scope="row" className="py-2 pr-2 text-left font-normal">
                  <span className="block font-medium text-gray-900">
                    {row.accountName ?? 'Disconnected account'}
                  </span>
                  <span className="block text-gray-500 text-xs">
                    {getPlatform(row.platform).displayName}
                    {row.accountHandle ? ` · @${row.accountHandle.replace(/^@/, '')}` : ''}
                  </span>
                </th>
                <td className="py-2 pl-3 text-right">
                  {row.followers === null ? '—' : formatCount(row.followers)}
                </td>
                <td className="py-2 pl-3 text-right">{formatCount(row.engagement)}</td>
                <td className="py-2 pl-3 text-right">{row.views ? formatCount(row.views) : '—'}</td>
                <td className="py-2 pl-3 text-right">{formatCount(row.posts)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
