import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { AppConfigDto } from '../../shared/http/app-config.js';
import { isBillingOn } from '../billing/billing-settings.js';
import { jsonResponse, PUBLIC, reply } from '../http/openapi-responses.js';
import type { AppEnv } from '../http/types.js';
import { hasLocalOutbox } from '../mail/mailer.js';

/** `GET /api/app-config`: public facts the web app and extension need before sign-in. No secrets. */
export function createAppConfigRoutes() {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      tags: ['app'],
      summary: 'Public client configuration',
      security: PUBLIC,
      responses: jsonResponse(AppConfigDto, 'What the clients need to know about this server'),
    }),
    (c) => {
      const { config } = c.var.deps;
      const body: AppConfigDto = {
        supportUrl: config.SUPPORT_URL,
        googleSignIn: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
        devMailbox: hasLocalOutbox(config),
        // The sidebar warns when anyone on the network can try sandbox accounts.
        publicDemoMode: config.DEMO_MODE && !config.isLocal,
        // Extensions "Sign in with the web app" may hand a token to (ids are public).
        extensionIds: config.EXTENSION_IDS,
        billing: isBillingOn(config),
        // The web app shows a scheduled post as missed only once the engine would fail it.
        lateGraceMinutes: config.LATE_GRACE_MINUTES,
      };
      return reply(c, AppConfigDto, body);
    },
  );
}
