import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { isBillingOn } from '../billing/billing-settings.js';
import type { AppEnv } from './types.js';

/** `GET /api/app-config`: public facts the web app and extension need before sign-in. No secrets. */
export function createAppConfigRoutes() {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({ tags: ['app'], summary: 'Public client configuration' }),
    (c) => {
      const { config } = c.var.deps;
      return c.json({
        supportUrl: config.SUPPORT_URL,
        googleSignIn: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
        devMailbox: !config.isProduction && !config.SMTP_URL,
        billing: isBillingOn(config),
      });
    },
  );
}
