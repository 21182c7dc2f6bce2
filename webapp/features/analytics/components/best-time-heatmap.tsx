import type { AnalyticsResult } from '../../../../shared/analytics/api';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Engagement by weekday and hour of posting (the user's time zone): the data behind recommended times. */
export function BestTimeHeatmap({
  cells,
  timezone,
}: {
  cells: AnalyticsResult['heatmap'];
  timezone: string;
}) {
  const max = Math.max(1, ...cells.map((cell) => cell.engagement));
  const at = new Map(cells.map((cell) => [cell.weekday * 24 + cell.hour, cell]));
  return (
    <section
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
      aria-labelledby="heat-heading"
    >
      <h2 id="heat-heading" className="text-base font-semibold text-gray-900">
        Best time to post
      </h2>
      <p className="text-sm text-gray-500">
        Engagement by the weekday and hour posts went out ({timezone.replace(/_/g, ' ')}). It also tunes the
        recommended posting times.
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="border-separate border-spacing-0.5 text-[10px] text-gray-500">
          <thead>
            <tr>
              <th />
              {Array.from({ length: 24 }, (_, hour) => (
                <th key={hour} className="w-5 font-normal">
                  {hour % 3 === 0 ? hour : ''}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEEKDAYS.map((name, weekday) => (
              <tr key={name}>
                <th scope="row" className="pr-1 text-left font-normal">
                  {name}
                </th>
                {Array.from({ length: 24 }, (_, hour) => {
                  const cell = at.get(weekday * 24 + hour);
                  const strength = cell ? cell.engagement / max : 0;
                  const label = cell
                    ? `${name} ${hour}:00, ${cell.engagement} engagement from ${cell.posts} posts`
                    : `${name} ${hour}:00, no posts`;
                  return (
                    <td
                      key={hour}
                      title={label}
                      aria-label={label}
                      className="h-5 w-5 rounded-sm"
                      style={{
                        backgroundColor: cell ? `rgba(79, 70, 229, ${0.12 + strength * 0.88})` : '#f3f4f6',
                      }}
                    />
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
