import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { AddPostingTimeInput } from '../../shared/schedule/schedule.js';
import { errorResponse, errorResponses, jsonResponse, Ok, reply } from '../http/openapi-responses.js';
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
import { NextSlotAnswer, RecommendationsAnswer, ScheduleAnswer, TimesAnswer } from './schedule.openapi.js';

const tags = ['schedule'];
const noAccount = errorResponse(404, "not_found: the account or posting time is not the user's");
const done = { ...jsonResponse(Ok, 'Done'), ...noAccount };
const AccountQuery = z.object({ accountId: z.string().min(1).max(100).optional() });

/** `/api/schedule`: the weekly posting times (default and per account) and recommended times. */
export function createScheduleRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags,
        summary: 'The posting schedule (created with the defaults on the first visit)',
        responses: {
          ...jsonResponse(ScheduleAnswer, '{ schedule, customAccountIds }'),
          ...errorResponses(400),
          ...noAccount,
        },
      }),
      validate('query', AccountQuery),
      async (c) =>
        reply(
          c,
          ScheduleAnswer,
          await getSchedule(c.var.deps, currentUser(c).id, { accountId: c.req.valid('query').accountId }),
        ),
    )
    .post(
      '/times',
      describeRoute({
        tags,
        summary: 'Add a posting time on a weekday or every day',
        responses: {
          ...jsonResponse(TimesAnswer, '{ times }', 201),
          ...errorResponses(400),
          ...noAccount,
          ...errorResponse(409, 'conflict: the time is already there'),
        },
      }),
      validate('json', AddPostingTimeInput),
      async (c) =>
        reply(
          c,
          TimesAnswer,
          { times: await addPostingTime(c.var.deps, currentUser(c).id, c.req.valid('json')) },
          201,
        ),
    )
    .delete(
      '/times/:id',
      describeRoute({ tags, summary: 'Delete one posting time', responses: done }),
      async (c) => {
        await deletePostingTime(c.var.deps, currentUser(c).id, c.req.param('id'));
        return reply(c, Ok, { ok: true });
      },
    )
    .delete(
      '/times',
      describeRoute({
        tags,
        summary: 'Clear all posting times of a schedule',
        responses: { ...done, ...errorResponses(400) },
      }),
      validate('query', AccountQuery),
      async (c) => {
        await clearPostingTimes(c.var.deps, currentUser(c).id, c.req.valid('query').accountId);
        return reply(c, Ok, { ok: true });
      },
    )
    .put(
      '/accounts/:accountId',
      describeRoute({
        tags,
        summary: 'Give an account its own posting times (a copy of the default)',
        responses: { ...jsonResponse(ScheduleAnswer, "The account's schedule"), ...noAccount },
      }),
      async (c) => {
        await enableAccountSchedule(c.var.deps, currentUser(c).id, c.req.param('accountId'));
        return reply(
          c,
          ScheduleAnswer,
          await getSchedule(c.var.deps, currentUser(c).id, { accountId: c.req.param('accountId') }),
        );
      },
    )
    .delete(
      '/accounts/:accountId',
      describeRoute({ tags, summary: 'Put an account back on the default schedule', responses: done }),
      async (c) => {
        await disableAccountSchedule(c.var.deps, currentUser(c).id, c.req.param('accountId'));
        return reply(c, Ok, { ok: true });
      },
    )
    .get(
      '/recommendations',
      describeRoute({
        tags,
        summary: 'Recommended posting times for each connected account',
        responses: jsonResponse(RecommendationsAnswer, '{ recommendations }'),
      }),
      async (c) =>
        reply(c, RecommendationsAnswer, {
          recommendations: await getRecommendations(c.var.deps, currentUser(c).id),
        }),
    )
    .post(
      '/recommendations/apply',
      describeRoute({
        tags,
        summary: "Use these times: add an account's top recommended slots",
        responses: { ...jsonResponse(TimesAnswer, '{ times }'), ...errorResponses(400), ...noAccount },
      }),
      validate('json', z.object({ accountId: z.string().min(1).max(100) })),
      async (c) =>
        reply(c, TimesAnswer, {
          times: await addRecommendedTimes(c.var.deps, currentUser(c).id, c.req.valid('json').accountId),
        }),
    )
    .get(
      '/next-slot',
      describeRoute({
        tags,
        summary: "The account's next free posting time (what Add to queue would take)",
        responses: {
          ...jsonResponse(NextSlotAnswer, '{ scheduledAt }'),
          ...errorResponse(400, 'validation_error: the schedule has no posting times'),
          ...noAccount,
          ...errorResponse(409, 'conflict: every posting time ahead is taken'),
        },
      }),
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
        return reply(c, NextSlotAnswer, { scheduledAt: new Date(at).toISOString() });
      },
    );
}
