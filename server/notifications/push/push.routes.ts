import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { PushSubscriptionInput } from '../../../shared/settings/notification-preferences.js';
import { AppError } from '../../core/errors.js';
import { sha256Hex } from '../../core/ids.js';
import { errorResponses, jsonResponse, Ok, reply } from '../../http/openapi-responses.js';
import { currentUser, requireAuth } from '../../http/require-auth.js';
import type { AppEnv } from '../../http/types.js';
import { validate } from '../../http/validate.js';
import { deletePushSubscription, savePushSubscription } from './push-subscriptions.js';
import { loadVapidKeys } from './vapid-keys.js';

const tags = ['notifications'];
const KeyAnswer = z.object({ publicKey: z.string().describe('VAPID public key (base64url)') });
const done = { ...jsonResponse(Ok, 'Done'), ...errorResponses(400) };

/** `/api/notifications/push/*`: the server's VAPID public key, and this browser's subscription. */
export function createPushRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/key',
      describeRoute({
        tags,
        summary: "The server's VAPID public key",
        responses: jsonResponse(KeyAnswer, '{ publicKey }'),
      }),
      async (c) => reply(c, KeyAnswer, { publicKey: (await loadVapidKeys(c.var.deps)).publicKey }),
    )
    .post(
      '/subscriptions',
      describeRoute({
        tags,
        summary: "Keep this browser's push subscription for this session (it ends with the session)",
        responses: { ...jsonResponse(Ok, 'Kept', 201), ...errorResponses(400) },
      }),
      validate('json', PushSubscriptionInput),
      async (c) => {
        const session = c.var.session;
        if (!session) throw new AppError('not_authenticated', 'Not authenticated');
        await savePushSubscription(c.var.deps, {
          userId: currentUser(c).id,
          sessionId: sha256Hex(session.id),
          input: c.req.valid('json'),
          userAgent: c.req.header('user-agent'),
        });
        return reply(c, Ok, { ok: true }, 201);
      },
    )
    .delete(
      '/subscriptions',
      describeRoute({ tags, summary: "Forget this browser's push subscription", responses: done }),
      validate('json', z.object({ endpoint: z.string().max(2048) })),
      async (c) => {
        await deletePushSubscription(c.var.deps, currentUser(c).id, c.req.valid('json').endpoint);
        return reply(c, Ok, { ok: true });
      },
    );
}
