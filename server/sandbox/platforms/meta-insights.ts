import type { SandboxContext, SandboxContextC } from '../sandbox-types.js';
import { dailyValues, type GraphParams, graphError, seededInt } from './meta-graph.js';
import { demoFollowers } from './shared.js';

/** Account-level insights (Instagram, Threads): daily values, or one total with metric_type=total_value. */
export function accountInsights(
  c: SandboxContextC,
  ctx: SandboxContext,
  accountId: string,
  input: GraphParams,
  known: Record<string, [number, number]>,
  totalByDefault: string[] = [],
  /** Counts that are a level, not a daily flow (followers): one current total that grows by day. */
  levels: string[] = [],
): Response {
  const { params } = input;
  const metrics = (params.metric ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (metrics.length === 0)
    return graphError(c, { code: 100, message: '(#100) The parameter metric is required' });
  const period = params.period ?? 'day';
  const data = [];
  for (const metric of metrics) {
    const range = known[metric];
    if (!range)
      return graphError(c, {
        code: 100,
        message: `(#100) metric[0] must be one of the following values: ${Object.keys(known).join(', ')}`,
      });
    const values = dailyValues(
      `${accountId}:${metric}`,
      ctx.now(),
      params.since,
      params.until,
      range[0],
      range[1],
    );
    const base = {
      name: metric,
      period,
      title: metric,
      description: `${metric} (sandbox numbers)`,
      id: `${accountId}/insights/${metric}/${period}`,
    };
    if (levels.includes(metric)) {
      data.push({
        ...base,
        total_value: { value: demoFollowers(`${accountId}:${metric}`, range[0], ctx.now()) },
      });
    } else if (params.metric_type === 'total_value' || totalByDefault.includes(metric)) {
      data.push({ ...base, total_value: { value: values.reduce((sum, v) => sum + v.value, 0) } });
    } else {
      data.push({ ...base, values });
    }
  }
  return c.json({ data, paging: { previous: '', next: '' } });
}

/** Media-level insights: lifetime values that grow over the first two days after publishing. */
export function mediaInsights(
  c: SandboxContextC,
  ctx: SandboxContext,
  media: { id: string; createdAt: number },
  input: GraphParams,
  known: Record<string, [number, number]>,
  deprecated: string[] = [],
): Response {
  const metrics = (input.params.metric ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (metrics.length === 0)
    return graphError(c, { code: 100, message: '(#100) The parameter metric is required' });
  const growth = Math.min(1, (ctx.now() - media.createdAt + 60 * 60 * 1000) / (48 * 60 * 60 * 1000));
  const data = [];
  for (const metric of metrics) {
    if (deprecated.includes(metric)) {
      return graphError(c, { code: 100, message: `(#100) The ${metric} metric is no longer supported.` });
    }
    const range = known[metric];
    if (!range)
      return graphError(c, {
        code: 100,
        message: `(#100) metric[0] must be one of the following values: ${Object.keys(known).join(', ')}`,
      });
    const value = Math.round(seededInt(`${media.id}:${metric}`, range[0], range[1]) * growth);
    data.push({
      name: metric,
      period: 'lifetime',
      values: [{ value }],
      total_value: { value },
      title: metric,
      description: `${metric} (sandbox numbers)`,
      id: `${media.id}/insights/${metric}/lifetime`,
    });
  }
  return c.json({ data });
}
