import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import {
  ACCOUNT_SECURITY_MESSAGES,
  AccountDeletionCheck,
  ChangePasswordInput,
  DeleteAccountInput,
} from '../../shared/settings/account-security.js';
import { NotificationPreferences } from '../../shared/settings/notification-preferences.js';
import { SessionDto } from '../../shared/settings/sessions.js';
import { revokeSessionById } from '../auth/revoke-sessions.js';
import { clearSessionCookie } from '../auth/session.middleware.js';
import { AppError } from '../core/errors.js';
import { sha256Hex } from '../core/ids.js';
import { clientAddress } from '../http/client-address.js';
import {
  errorResponse,
  errorResponses,
  jsonResponse,
  MessageAnswer,
  Ok,
  otherResponse,
  reply,
} from '../http/openapi-responses.js';
import { createLimiter } from '../http/rate-limit.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import {
  getNotificationPreferences,
  saveNotificationPreferences,
} from '../notifications/notification-preferences.js';
import { changePassword } from './change-password.js';
import { getAccountDeletionCheck } from './confirm-account-deletion.js';
import { deleteAccount } from './delete-account.js';
import { createDataExport } from './export-data.js';
import { listSessions } from './list-sessions.js';

const tags = ['settings'];
const SessionsAnswer = z.object({ sessions: z.array(SessionDto) });
const preferencesAnswer = jsonResponse(NotificationPreferences, 'The choices');

/** The session token of the request (behind requireAuth). */
function sessionToken(c: Context<AppEnv>): string {
  const session = c.var.session;
  if (!session) throw new AppError('not_authenticated', 'Not authenticated');
  return session.id;
}

/**
 * `/api/settings/*` beyond the profile preferences: notification choices, password, active
 * sessions, data export and account deletion. Sensitive actions are limited per user, so a
 * stolen session cannot try current passwords at speed.
 */
export function createSettingsRoutes() {
  const limitPassword = createLimiter({ name: 'settings-password', perMinute: 1, windowMinutes: 15 });
  const limitExport = createLimiter({ name: 'settings-export', perMinute: 1 / 20, windowMinutes: 60 });
  const limitDelete = createLimiter({ name: 'settings-delete', perMinute: 1, windowMinutes: 5 });
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/notifications',
      describeRoute({
        tags,
        summary: 'E-mail and push choices per notification category',
        responses: preferencesAnswer,
      }),
      async (c) =>
        reply(c, NotificationPreferences, await getNotificationPreferences(c.var.deps.db, currentUser(c).id)),
    )
    .put(
      '/notifications',
      describeRoute({
        tags,
        summary: 'Save the e-mail and push choices',
        responses: { ...preferencesAnswer, ...errorResponses(400) },
      }),
      validate('json', NotificationPreferences),
      async (c) =>
        reply(
          c,
          NotificationPreferences,
          await saveNotificationPreferences(c.var.deps.db, currentUser(c).id, c.req.valid('json')),
        ),
    )
    .post(
      '/password',
      describeRoute({
        tags,
        summary: 'Change the password (once per 24 hours); other sessions end',
        responses: {
          ...jsonResponse(MessageAnswer, '{ message }'),
          ...errorResponse(
            400,
            'validation_error: a wrong current password, a weak new one, or the day is not over',
          ),
          ...errorResponses(429),
        },
      }),
      validate('json', ChangePasswordInput),
      async (c) => {
        const user = currentUser(c);
        await limitPassword(c, user.id);
        await changePassword(c.var.deps, {
          userId: user.id,
          sessionToken: sessionToken(c),
          input: c.req.valid('json'),
          ipAddress: clientAddress(c),
          userAgent: c.req.header('user-agent') ?? null,
        });
        return reply(c, MessageAnswer, { message: ACCOUNT_SECURITY_MESSAGES.changed });
      },
    )
    .get(
      '/sessions',
      describeRoute({
        tags,
        summary: 'Active sessions: browsers and signed-in extensions',
        responses: jsonResponse(SessionsAnswer, '{ sessions }'),
      }),
      async (c) =>
        reply(c, SessionsAnswer, {
          sessions: await listSessions(c.var.deps.db, currentUser(c).id, sessionToken(c)),
        }),
    )
    .delete(
      '/sessions/:id',
      describeRoute({
        tags,
        summary: 'Sign out one session',
        responses: { ...jsonResponse(Ok, 'Signed out'), ...errorResponses(400, 404) },
      }),
      validate('param', z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) })),
      async (c) => {
        const { id } = c.req.valid('param');
        const ended = await revokeSessionById(c.var.deps, currentUser(c).id, id);
        if (!ended) throw new AppError('not_found', 'Session not found');
        if (id === sha256Hex(sessionToken(c))) clearSessionCookie(c);
        return reply(c, Ok, { ok: true });
      },
    )
    .get(
      '/export',
      describeRoute({
        tags,
        summary: 'Download my data: a zip of JSON files and media',
        responses: { ...otherResponse(200, 'The zip', 'application/zip'), ...errorResponses(429) },
      }),
      async (c) => {
        const user = currentUser(c);
        await limitExport(c, user.id);
        const day = new Date().toISOString().slice(0, 10);
        return c.body(createDataExport(c.var.deps, user.id), 200, {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="postloom-export-${day}.zip"`,
          'cache-control': 'no-store',
        });
      },
    )
    .get(
      '/account/deletion',
      describeRoute({
        tags,
        summary: 'How this user confirms an account deletion (password, or a recent Google sign-in)',
        responses: jsonResponse(AccountDeletionCheck, 'The confirmation asked'),
      }),
      async (c) =>
        reply(
          c,
          AccountDeletionCheck,
          await getAccountDeletionCheck(c.var.deps.db, currentUser(c).id, sessionToken(c)),
        ),
    )
    .delete(
      '/account',
      describeRoute({
        tags,
        summary:
          'Delete the account and all its data: type DELETE and give the current password (without one: a Google sign-in in the last 10 minutes); never with a bearer token',
        responses: {
          ...jsonResponse(MessageAnswer, '{ message }'),
          ...errorResponse(400, 'validation_error: DELETE not typed, or a wrong password'),
          ...errorResponse(403, 'forbidden: a bearer token, or no recent Google sign-in'),
          ...errorResponses(429),
        },
      }),
      validate('json', DeleteAccountInput),
      async (c) => {
        const user = currentUser(c);
        const session = c.var.session;
        if (!session) throw new AppError('not_authenticated', 'Not authenticated');
        await limitDelete(c, user.id);
        await deleteAccount(c.var.deps, user, {
          session,
          password: c.req.valid('json').password,
          ipAddress: clientAddress(c),
          userAgent: c.req.header('user-agent') ?? null,
        });
        clearSessionCookie(c);
        return reply(c, MessageAnswer, { message: ACCOUNT_SECURITY_MESSAGES.deleted });
      },
    );
}
