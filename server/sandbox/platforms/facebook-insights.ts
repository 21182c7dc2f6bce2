import type { SandboxContext, SandboxContextC } from '../sandbox-types.js';
import type { FbObject, FbPage } from './facebook-store.js';
import { dailyValues, type GraphParams, graphError, seededInt } from './meta-graph.js';

const PAGE_METRICS: Record<string, { title: string; min: number; max: number }> = {
  page_total_media_view_unique: { title: 'Daily total media view unique', min: 40, max: 400 },
  page_media_view: { title: 'Daily media views', min: 60, max: 700 },
  page_post_engagements: { title: 'Daily post engagements', min: 5, max: 90 },
  page_daily_follows: { title: 'Daily follows', min: 0, max: 12 },
  page_daily_follows_unique: { title: 'Daily unique follows', min: 0, max: 10 },
  page_daily_unfollows_unique: { title: 'Daily unique unfollows', min: 0, max: 3 },
  page_follows: { title: 'Total follows', min: 1300, max: 1360 },
  page_views_total: { title: 'Daily total views count per Page', min: 10, max: 120 },
};

const POST_METRICS = [
  'post_total_media_view_unique',
  'post_media_view',
  'post_reactions_by_type_total',
  'post_clicks',
  'post_clicks_by_type',
  'post_engaged_users',
];

function invalidMetric(c: SandboxContextC, metric: string): Response {
  return graphError(c, {
    code: 100,
    message: `(#100) The value must be a valid insights metric: ${metric} is not.`,
  });
}

/** Insights grow over the first two days after publishing, then stay put. */
function lifetimeValue(seed: string, ageMs: number, min: number, max: number): number {
  const growth = Math.min(1, (ageMs + 60 * 60 * 1000) / (48 * 60 * 60 * 1000));
  return Math.round(seededInt(seed, min, max) * growth);
}

/** `GET /{page-id}/insights` and `GET /{post-id}/insights` with simple, stable, believable numbers. */
export function handleFacebookInsights(
  c: SandboxContextC,
  ctx: SandboxContext,
  target: { page?: FbPage; object?: FbObject; input: GraphParams },
): Response {
  const { params } = target.input;
  const metrics = (params.metric ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (metrics.length === 0)
    return graphError(c, { code: 100, message: '(#100) The parameter metric is required' });
  const data = [];
  if (target.page) {
    const period = params.period ?? 'day';
    for (const metric of metrics) {
      const spec = PAGE_METRICS[metric];
      if (!spec) return invalidMetric(c, metric);
      data.push({
        name: metric,
        period,
        values: dailyValues(
          `${target.page.id}:${metric}`,
          ctx.now(),
          params.since,
          params.until,
          spec.min,
          spec.max,
        ),
        title: spec.title,
        description: `${spec.title} (sandbox numbers)`,
        id: `${target.page.id}/insights/${metric}/${period}`,
      });
    }
  } else if (target.object) {
    const object = target.object;
    const age = ctx.now() - object.createdAt;
    for (const metric of metrics) {
      if (!POST_METRICS.includes(metric)) return invalidMetric(c, metric);
      const seed = `${object.id}:${metric}`;
      let value: number | Record<string, number>;
      if (metric === 'post_reactions_by_type_total') {
        value = {
          like: lifetimeValue(`${seed}:like`, age, 5, 120),
          love: lifetimeValue(`${seed}:love`, age, 0, 30),
        };
      } else if (metric === 'post_clicks_by_type') {
        value = {
          'link clicks': lifetimeValue(`${seed}:link`, age, 0, 40),
          'other clicks': lifetimeValue(`${seed}:other`, age, 2, 60),
        };
      } else {
        value = lifetimeValue(
          seed,
          age,
          metric.includes('view') ? 80 : 3,
          metric.includes('view') ? 1500 : 90,
        );
      }
      data.push({
        name: metric,
        period: 'lifetime',
        values: [{ value }],
        title: metric,
        description: `${metric} (sandbox numbers)`,
        id: `${object.id}/insights/${metric}/lifetime`,
      });
    }
  }
  return c.json({ data, paging: { previous: '', next: '' } });
}
