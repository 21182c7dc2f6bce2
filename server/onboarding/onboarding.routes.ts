import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { dismissOnboarding } from './dismiss-onboarding.js';
import { getOnboarding } from './get-onboarding.js';
import { recordDashboardVisit } from './record-dashboard-visit.js';

const tags = ['onboarding'];

/** `/api/onboarding`: the dashboard's welcome and its "Get started" checklist. */
export function createOnboardingRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags,
        summary:
          'The "Get started" checklist: each step done from the user\'s own data, and whether to show it',
      }),
      async (c) => c.json({ onboarding: await getOnboarding(c.var.deps, currentUser(c).id) }),
    )
    .post(
      '/visit',
      describeRoute({
        tags,
        summary:
          'Record a dashboard visit; answers { firstVisit } ("Welcome" on the first, "Welcome Back" after)',
      }),
      async (c) => c.json(await recordDashboardVisit(c.var.deps, currentUser(c).id)),
    )
    .post(
      '/dismiss',
      describeRoute({ tags, summary: 'Hide the checklist for good (stored per user)' }),
      async (c) => c.json({ onboarding: await dismissOnboarding(c.var.deps, currentUser(c).id) }),
    );
}
