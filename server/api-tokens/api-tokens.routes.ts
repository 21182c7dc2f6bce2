import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import { z } from 'zod';
import {
  API_TOKEN_MESSAGES,
  ApiTokenList,
  CreateApiTokenInput,
  CreatedApiToken,
} from '../../shared/api-tokens/api-tokens.js';
import { AppError } from '../core/errors.js';
import { clientAddress } from '../http/client-address.js';
import { errorResponses, jsonResponse, Ok, reply } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';

const tags = ['api-tokens'];

const json = (schema: Parameters<typeof resolver>[0], description: string) => ({
  description,
  content: { 'application/json': { schema: resolver(schema) } },
});

/**
 * `/api/api-tokens`: Settings > API. Only the web app's cookie session manages tokens: neither an
 * API token nor the extension's bearer session can mint, list or revoke one.
 */
export function createApiTokensRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .use('*', async (c, next) => {
      if (c.var.session?.kind !== 'cookie') throw new AppError('forbidden', API_TOKEN_MESSAGES.cookieOnly);
      return next();
    })
    .get(
      '/',
      describeRoute({
        tags,
        summary: 'The user’s API tokens (never the tokens themselves)',
        responses: { 200: json(ApiTokenList, 'The tokens, newest first') },
      }),
      async (c) => c.json({ tokens: await listApiTokens(c.var.deps.db, currentUser(c).id) }),
    )
    .post(
      '/',
      describeRoute({
        tags,
        summary: 'Create an API token: the answer is the only time the token is shown',
        responses: { 201: json(CreatedApiToken, 'The new token, with its secret') },
      }),
      validate('json', CreateApiTokenInput),
      async (c) => {
        const created = await createApiToken(c.var.deps.db, currentUser(c).id, c.req.valid('json'), {
          ipAddress: clientAddress(c),
          userAgent: c.req.header('user-agent') ?? null,
        });
        return c.json(created, 201);
      },
    )
    .delete(
      '/:id',
      describeRoute({
        tags,
        summary: 'Revoke an API token: it stops working at once',
        responses: { ...jsonResponse(Ok, 'Revoked'), ...errorResponses(400, 404) },
      }),
      validate('param', z.object({ id: z.string().uuid() })),
      async (c) => {
        await revokeApiToken(c.var.deps.db, currentUser(c).id, c.req.valid('param').id, {
          ipAddress: clientAddress(c),
          userAgent: c.req.header('user-agent') ?? null,
        });
        return reply(c, Ok, { ok: true as const });
      },
    );
}
