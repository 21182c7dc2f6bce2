import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { isBillingOn } from '../billing/billing-settings.js';
import type { AppEnv } from '../http/types.js';
import { hasLocalOutbox } from '../mail/mailer.js';

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
        devMailbox: hasLocalOutbox(config),
        // The sidebar warns when anyone on the network can try sandbox accounts.
        publicDemoMode: config.DEMO_MODE && !config.isLocal,
        // Extensions "Sign in with the web app" may hand a token to (ids are public).
        extensionIds: config.EXTENSION_IDS,
        billing: isBillingOn(config),
      });
    },
  );
}
