import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { createAccountsRoutes } from './accounts/accounts.routes.js';
import { createAnalyticsRoutes } from './analytics/analytics.routes.js';
import { apiTokenGuard } from './api-tokens/api-token-guard.js';
import { createApiTokensRoutes } from './api-tokens/api-tokens.routes.js';
import { scopeForOperation } from './api-tokens/route-scopes.js';
import { createTokenRateLimiter } from './api-tokens/token-rate-limit.js';
import { createAuthRoutes } from './auth/auth.routes.js';
import { sessionMiddleware } from './auth/session.middleware.js';
import { createBillingRoutes } from './billing/billing.routes.js';
import { isOpenWithoutSubscription, subscriptionGate } from './billing/subscription-gate.js';
import { createImportRoutes } from './bulk-import/import.routes.js';
import { createEventsRoutes } from './events/events.routes.js';
import { createFeedsRoutes } from './feeds/feeds.routes.js';
import { bodyLimits } from './http/body-limits.js';
import {
  apiNotFound,
  csrfProtection,
  errorHandler,
  requestLogger,
  securityHeaders,
} from './http/middleware.js';
import { mountOpenApi } from './http/openapi.routes.js';
import { mountWebapp } from './http/static.js';
import type { AppDeps, AppEnv } from './http/types.js';
import { idempotency } from './idempotency/idempotency.middleware.js';
import { createAppConfigRoutes } from './instance/app-config.routes.js';
import { createDevMailRoutes } from './instance/dev-mail.routes.js';
import { createHealthRoutes } from './instance/health.routes.js';
import { hasLocalOutbox } from './mail/mailer.js';
import { createMediaRoutes } from './media/media.routes.js';
import { createNotificationsRoutes } from './notifications/notifications.routes.js';
import { createPushRoutes } from './notifications/push/push.routes.js';
import { createOnboardingRoutes } from './onboarding/onboarding.routes.js';
import { createPostGroupsRoutes } from './posts/post-groups.routes.js';
import { createPostsRoutes } from './posts/posts.routes.js';
import { createAccountHelperRoutes, createPublishingRoutes } from './publishing/publishing.routes.js';
import { createQueuesRoutes } from './queues/queues.routes.js';
import { createScheduleRoutes } from './schedule/schedule.routes.js';
import { createPreferencesRoutes } from './settings/preferences.routes.js';
import { createSettingsRoutes } from './settings/settings.routes.js';
import { createWebhooksRoutes } from './webhooks/webhooks.routes.js';

interface CreateAppOptions {
  /** Serve the built web app (off in API-only tests). */
  serveWebapp?: boolean;
}

/** Builds the whole HTTP app from its parts; tests call it with their own deps. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.use('*', requestId());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    return next();
  });
  app.use('*', requestLogger);
  app.use('*', securityHeaders);
  app.onError(errorHandler);
  app.use('/api/*', bodyLimits);
  app.use('/api/*', csrfProtection);
  app.use('/api/*', sessionMiddleware);
  const tokenLimiter = createTokenRateLimiter(
    deps.db,
    Boolean(deps.config.DATABASE_URL),
    deps.config.API_RATE_LIMIT_PER_MINUTE,
  );
  app.use('/api/*', apiTokenGuard(tokenLimiter));
  app.use('/api/*', subscriptionGate);
  app.use('/api/*', idempotency);

  // Feature routes: one line per feature, each a Hono sub-app.
  app.route('/api/health', createHealthRoutes([async (d) => ({ scheduler: await d.engine.health() })]));
  app.route('/api/app-config', createAppConfigRoutes());
  app.route('/api/media', createMediaRoutes());
  app.route('/api/posts/import', createImportRoutes());
  app.route('/api/posts', createPostsRoutes());
  app.route('/api/posts', createPublishingRoutes());
  app.route('/api/post-groups', createPostGroupsRoutes());
  app.route('/api/settings/preferences', createPreferencesRoutes());
  app.route('/api/settings', createSettingsRoutes());
  app.route('/api/events', createEventsRoutes());
  app.route('/api/notifications/push', createPushRoutes());
  app.route('/api/notifications', createNotificationsRoutes());
  app.route('/api/auth', createAuthRoutes());
  app.route('/api/accounts', createAccountsRoutes());
  app.route('/api/accounts', createAccountHelperRoutes());
  app.route('/api/billing', createBillingRoutes());
  app.route('/api/schedule', createScheduleRoutes());
  app.route('/api/queues', createQueuesRoutes());
  app.route('/api/feeds', createFeedsRoutes());
  app.route('/api/analytics', createAnalyticsRoutes());
  app.route('/api/onboarding', createOnboardingRoutes());
  app.route('/api/api-tokens', createApiTokensRoutes());
  app.route('/api/webhooks', createWebhooksRoutes());

  mountOpenApi(app, {
    scopeForOperation,
    isGated: (method, path) => !isOpenWithoutSubscription(method, path),
  });
  app.all('/api/*', apiNotFound);
  if (hasLocalOutbox(deps.config)) app.route('/dev/mail', createDevMailRoutes());
  if (options.serveWebapp !== false) mountWebapp(app);
  return app;
}
