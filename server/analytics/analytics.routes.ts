import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { AnalyticsQuery } from '../../shared/analytics/api.js';
import {
  errorResponse,
  errorResponses,
  jsonResponse,
  otherResponse,
  reply,
} from '../http/openapi-responses.js';
import { createLimiter } from '../http/rate-limit.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { collectAnalytics } from './collect-analytics.js';
import { exportAnalyticsCsv } from './export-analytics.js';
import { getAnalytics } from './get-analytics.js';

const tags = ['analytics'];
const Range = z.object({ from: z.string(), to: z.string() });
// The answer's outline: its sections are described by AnalyticsResult in shared/analytics/api.ts.
const AnalyticsAnswer = z
  .object({
    range: Range,
    compare: Range,
    platforms: z.array(z.string()),
    overview: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown())
  .describe('Also platformMetrics, engagement by day, top posts and the heat map');
const RefreshAnswer = z.object({
  refreshedAt: z.string(),
  accounts: z.number().int(),
  posts: z.number().int(),
  failed: z.array(z.object({ platform: z.string(), message: z.string() })),
});
const rangeRefused = {
  ...errorResponses(400),
  ...errorResponse(404, "not_found: accountId is not one of the user's"),
};

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
        responses: { ...jsonResponse(AnalyticsAnswer, 'The numbers of the range'), ...rangeRefused },
      }),
      validate('query', AnalyticsQuery),
      async (c) => c.json(await getAnalytics(c.var.deps, currentUser(c).id, c.req.valid('query'))),
    )
    .post(
      '/refresh',
      describeRoute({
        tags,
        summary: "Read the user's platform numbers now",
        responses: {
          ...jsonResponse(RefreshAnswer, 'What was read, and which platforms failed'),
          ...errorResponses(429),
        },
      }),
      async (c) => {
        const user = currentUser(c);
        await limitRefresh(c, user.id);
        const result = await collectAnalytics(c.var.deps, { userId: user.id });
        return reply(c, RefreshAnswer, {
          refreshedAt: new Date().toISOString(),
          accounts: result.accounts,
          posts: result.posts,
          failed: result.failed.map(({ platform, message }) => ({ platform, message })),
        });
      },
    )
    .get(
      '/export',
      describeRoute({
        tags,
        summary: 'The range as CSV: a row per post and per day',
        responses: { ...otherResponse(200, 'The CSV file', 'text/csv'), ...rangeRefused },
      }),
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
