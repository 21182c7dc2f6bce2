import { type Context, Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { ConnectCallbackInput, FacebookPagesInput, PlatformParam } from '../../shared/accounts/account.js';
import { AppError } from '../core/errors.js';
import {
  errorResponse,
  errorResponses,
  jsonResponse,
  MessageAnswer,
  reply,
} from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';
import { validate } from '../http/validate.js';
import { AccountsAnswer, AuthorizeAnswer, ConnectAnswer, PlatformsAnswer } from './accounts.openapi.js';
import { chooseFacebookPages } from './choose-facebook-pages.js';
import { completeConnect, startConnect } from './connect-account.js';
import { disconnectAccount } from './disconnect-account.js';
import { listAccounts, listPlatformAvailability } from './list-accounts.js';
import type { SessionRef } from './oauth-context.js';

const tags = ['accounts'];
const oauthRefused = errorResponse(
  400,
  'oauth_error: the connection failed or its state expired; or validation_error',
);

function sessionRef(c: Context<AppEnv>): SessionRef {
  const user = currentUser(c);
  const session = c.var.session;
  if (!session) throw new AppError('not_authenticated', 'User session not found');
  return { userId: user.id, sessionToken: session.id };
}

/** /api/accounts: connected social accounts, the OAuth connection flow and disconnecting. */
export function createAccountsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get(
      '/',
      describeRoute({
        tags,
        summary: "The user's connected accounts, newest first",
        responses: jsonResponse(AccountsAnswer, '{ accounts }'),
      }),
      async (c) => reply(c, AccountsAnswer, { accounts: await listAccounts(c.var.deps, currentUser(c).id) }),
    )
    .get(
      '/platforms',
      describeRoute({
        tags,
        summary: 'How this server reaches each platform',
        responses: jsonResponse(PlatformsAnswer, '{ platforms }'),
      }),
      (c) => reply(c, PlatformsAnswer, { platforms: listPlatformAvailability(c.var.deps) }),
    )
    .post(
      '/facebook/pages',
      describeRoute({
        tags,
        summary: 'Connect the chosen Facebook Pages',
        responses: { ...jsonResponse(ConnectAnswer, 'The outcome and the accounts'), ...oauthRefused },
      }),
      validate('json', FacebookPagesInput),
      async (c) =>
        reply(c, ConnectAnswer, await chooseFacebookPages(c.var.deps, sessionRef(c), c.req.valid('json'))),
    )
    .get(
      '/:platform/connect',
      describeRoute({
        tags,
        summary: "The platform's authorization address",
        responses: {
          ...jsonResponse(AuthorizeAnswer, '{ url }'),
          ...errorResponses(400),
          ...errorResponse(503, 'not_configured: this server cannot reach the platform'),
        },
      }),
      validate('param', PlatformParam),
      async (c) =>
        reply(
          c,
          AuthorizeAnswer,
          await startConnect(c.var.deps, sessionRef(c), c.req.valid('param').platform),
        ),
    )
    .post(
      '/:platform/callback',
      describeRoute({
        tags,
        summary: 'Finish a connection with the code and state the platform returned',
        responses: { ...jsonResponse(ConnectAnswer, 'The outcome and the accounts'), ...oauthRefused },
      }),
      validate('param', PlatformParam),
      validate('json', ConnectCallbackInput),
      async (c) =>
        reply(
          c,
          ConnectAnswer,
          await completeConnect(
            c.var.deps,
            sessionRef(c),
            c.req.valid('param').platform,
            c.req.valid('json'),
          ),
        ),
    )
    .delete(
      '/:id',
      describeRoute({
        tags,
        summary: 'Disconnect an account',
        responses: { ...jsonResponse(MessageAnswer, '{ message }'), ...errorResponses(404) },
      }),
      async (c) =>
        reply(c, MessageAnswer, await disconnectAccount(c.var.deps, currentUser(c).id, c.req.param('id'))),
    );
}
