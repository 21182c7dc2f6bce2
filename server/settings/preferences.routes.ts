import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { Preferences, UpdatePreferencesInput } from '../../shared/settings/preferences.js';
import { errorResponses, jsonResponse, reply } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { getPreferences, updatePreferences } from './preferences.service.js';

/** `/api/settings/preferences`: timezone and 12h/24h clock. */
export function createPreferencesRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags: ['settings'],
        summary: 'Read timezone and time format',
        responses: { ...jsonResponse(Preferences, 'The preferences'), ...errorResponses(404) },
      }),
      async (c) => reply(c, Preferences, await getPreferences(c.var.deps, currentUser(c).id)),
    )
    .patch(
      '/',
      describeRoute({
        tags: ['settings'],
        summary: 'Change timezone and/or time format',
        responses: { ...jsonResponse(Preferences, 'The preferences'), ...errorResponses(400, 404) },
      }),
      validate('json', UpdatePreferencesInput),
      async (c) =>
        reply(c, Preferences, await updatePreferences(c.var.deps, currentUser(c).id, c.req.valid('json'))),
    );
}
