import type { MiddlewareHandler } from 'hono';
import { BILLING_MESSAGES } from '../../shared/billing/billing.js';
import { AppError } from '../core/errors.js';
import type { AppEnv } from '../http/types.js';
import { isBillingOn } from './billing-settings.js';
import { getUserAccess } from './get-billing-status.js';

/**
 * What a signed-in user without access may still call: sign-in and the session, settings
 * (profile, password, account deletion, preferences), billing itself, public facts, and the
 * shell that frames the settings pages (notifications, live events, the connected-accounts list
 * and disconnecting an account). Everything else is denied by default, so routes added later are
 * gated without being listed anywhere.
 */
const OPEN_AREAS = [
  '/api/auth',
  '/api/billing',
  '/api/settings',
  // Settings > API: a user without access can still see and revoke their tokens.
  '/api/api-tokens',
  '/api/account',
  '/api/notifications',
  '/api/events',
  '/api/health',
  '/api/app-config',
  '/api/openapi.json',
  '/api/docs',
];

const OPEN_ROUTES: Array<{ method: string; path: RegExp }> = [
  { method: 'GET', path: /^\/api\/accounts$/ },
  { method: 'GET', path: /^\/api\/accounts\/platforms$/ },
  { method: 'DELETE', path: /^\/api\/accounts\/[^/]+$/ },
];

export function isOpenWithoutSubscription(method: string, path: string): boolean {
  const bare = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (OPEN_AREAS.some((area) => bare === area || bare.startsWith(`${area}/`))) return true;
  return OPEN_ROUTES.some((route) => route.method === method && route.path.test(bare));
}

/**
 * The server side of the subscription gate (spec 02 sections 4 and 6): with billing on, a
 * signed-in user without access gets 402 `subscription_required` and the spec's message.
 * Signed-out requests pass on to the routes' own 401.
 */
export const subscriptionGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { deps, user } = c.var;
  if (!user || !isBillingOn(deps.config)) return next();
  if (c.req.method === 'OPTIONS' || isOpenWithoutSubscription(c.req.method, c.req.path)) return next();
  const { access } = await getUserAccess(deps, user);
  if (!access.allowed) {
    throw new AppError('subscription_required', access.message ?? BILLING_MESSAGES.subscribe, {
      details: { state: access.state },
    });
  }
  return next();
};
