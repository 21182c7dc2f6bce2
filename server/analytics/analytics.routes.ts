import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { AnalyticsQuery } from '../../shared/analytics/api.js';
import { createLimiter } from '../http/rate-limit.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { collectAnalytics } from './collect-analytics.js';
import { exportAnalyticsCsv } from './export-analytics.js';
import { getAnalytics } from './get-analytics.js';

const tags = ['analytics'];

/** `/api/analytics`: numbers from the stored snapshots; Refresh reads the platforms again. */
export function createAnalyticsRoutes() {
  // A refresh calls every platform of the user: a few a minute are plenty.
  const limitRefresh = createLimiter({ name: 'analytics-refresh', perMinute: 3 });
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags,
        summary: 'Overview, platform metrics, engagement by day, top posts and heat map',
      }),
      validate('query', AnalyticsQuery),
      async (c) => c.json(await getAnalytics(c.var.deps, currentUser(c).id, c.req.valid('query'))),
    )
    .post('/refresh', describeRoute({ tags, summary: "Read the user's platform numbers now" }), async (c) => {
      const user = currentUser(c);
      await limitRefresh(c, user.id);
      const result = await collectAnalytics(c.var.deps, { userId: user.id });
      return c.json({
        refreshedAt: new Date().toISOString(),
        accounts: result.accounts,
        posts: result.posts,
        failed: result.failed.map(({ platform, message }) => ({ platform, message })),
      });
    })
    .get(
      '/export',
      describeRoute({ tags, summary: 'The range as CSV: a row per post and per day' }),
      validate('query', AnalyticsQuery),
      async (c) => {
        const { fileName, body } = await exportAnalyticsCsv(
          c.var.deps,
          currentUser(c).id,
          c.req.valid('query'),
        );
        return c.body(body, 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${fileName}"`,
          'cache-control': 'no-store',
        });
      },
    );
}
