import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { ONBOARDING_STEPS, type OnboardingDto } from '../../shared/onboarding/api.js';
import { jsonResponse, reply } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { dismissOnboarding } from './dismiss-onboarding.js';
import { getOnboarding } from './get-onboarding.js';
import { recordDashboardVisit } from './record-dashboard-visit.js';

const tags = ['onboarding'];
const OnboardingAnswer = z.object({
  onboarding: z.object({
    steps: z.array(z.object({ id: z.enum(ONBOARDING_STEPS), done: z.boolean() })),
    dismissed: z.boolean(),
    showChecklist: z.boolean(),
  }) satisfies z.ZodType<OnboardingDto>,
});
const VisitAnswer = z.object({ firstVisit: z.boolean() });
const onboardingAnswer = jsonResponse(OnboardingAnswer, '{ onboarding }');

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
        responses: onboardingAnswer,
      }),
      async (c) =>
        reply(c, OnboardingAnswer, { onboarding: await getOnboarding(c.var.deps, currentUser(c).id) }),
    )
    .post(
      '/visit',
      describeRoute({
        tags,
        summary:
          'Record a dashboard visit; answers { firstVisit } ("Welcome" on the first, "Welcome Back" after)',
        responses: jsonResponse(VisitAnswer, '{ firstVisit }'),
      }),
      async (c) => reply(c, VisitAnswer, await recordDashboardVisit(c.var.deps, currentUser(c).id)),
    )
    .post(
      '/dismiss',
      describeRoute({
        tags,
        summary: 'Hide the checklist for good (stored per user)',
        responses: onboardingAnswer,
      }),
      async (c) =>
        reply(c, OnboardingAnswer, { onboarding: await dismissOnboarding(c.var.deps, currentUser(c).id) }),
    );
}
