import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { AddPostingTimeInput } from '../../shared/schedule/schedule.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { getPreferences } from '../settings/preferences.service.js';
import { disableAccountSchedule, enableAccountSchedule } from './account-schedules.js';
import { assertOwnAccount, getSchedule } from './get-schedule.js';
import { findNextFreeTime } from './next-free-time.js';
import {
  addPostingTime,
  addRecommendedTimes,
  clearPostingTimes,
  deletePostingTime,
} from './posting-times.js';
import { getRecommendations } from './recommendations.service.js';

const tags = ['schedule'];
const AccountQuery = z.object({ accountId: z.string().min(1).max(100).optional() });

/** `/api/schedule`: the weekly posting times (default and per account) and recommended times. */
export function createScheduleRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({ tags, summary: 'The posting schedule (created with the defaults on the first visit)' }),
      validate('query', AccountQuery),
      async (c) =>
        c.json(
          await getSchedule(c.var.deps, currentUser(c).id, { accountId: c.req.valid('query').accountId }),
        ),
    )
    .post(
      '/times',
      describeRoute({ tags, summary: 'Add a posting time on a weekday or every day' }),
      validate('json', AddPostingTimeInput),
      async (c) =>
        c.json({ times: await addPostingTime(c.var.deps, currentUser(c).id, c.req.valid('json')) }, 201),
    )
    .delete('/times/:id', describeRoute({ tags, summary: 'Delete one posting time' }), async (c) => {
      await deletePostingTime(c.var.deps, currentUser(c).id, c.req.param('id'));
      return c.json({ ok: true });
    })
    .delete(
      '/times',
      describeRoute({ tags, summary: 'Clear all posting times of a schedule' }),
      validate('query', AccountQuery),
      async (c) => {
        await clearPostingTimes(c.var.deps, currentUser(c).id, c.req.valid('query').accountId);
        return c.json({ ok: true });
      },
    )
    .put(
      '/accounts/:accountId',
      describeRoute({ tags, summary: 'Give an account its own posting times (a copy of the default)' }),
      async (c) => {
        await enableAccountSchedule(c.var.deps, currentUser(c).id, c.req.param('accountId'));
        return c.json(
          await getSchedule(c.var.deps, currentUser(c).id, { accountId: c.req.param('accountId') }),
        );
      },
    )
    .delete(
      '/accounts/:accountId',
      describeRoute({ tags, summary: 'Put an account back on the default schedule' }),
      async (c) => {
        await disableAccountSchedule(c.var.deps, currentUser(c).id, c.req.param('accountId'));
        return c.json({ ok: true });
      },
    )
    .get(
      '/recommendations',
      describeRoute({ tags, summary: 'Recommended posting times for each connected account' }),
      async (c) => c.json({ recommendations: await getRecommendations(c.var.deps, currentUser(c).id) }),
    )
    .post(
      '/recommendations/apply',
      describeRoute({ tags, summary: "Use these times: add an account's top recommended slots" }),
      validate('json', z.object({ accountId: z.string().min(1).max(100) })),
      async (c) =>
        c.json({
          times: await addRecommendedTimes(c.var.deps, currentUser(c).id, c.req.valid('json').accountId),
        }),
    )
    .get(
      '/next-slot',
      describeRoute({ tags, summary: "The account's next free posting time (what Add to queue would take)" }),
      validate('query', z.object({ accountId: z.string().min(1).max(100) })),
      async (c) => {
        const user = currentUser(c);
        const { accountId } = c.req.valid('query');
        await assertOwnAccount(c.var.deps.db, user.id, accountId);
        const { timezone } = await getPreferences(c.var.deps, user.id);
        const at = await findNextFreeTime(c.var.deps.db, {
          userId: user.id,
          accountId,
          timezone,
          now: Date.now(),
        });
        return c.json({ scheduledAt: new Date(at).toISOString() });
      },
    );
}
