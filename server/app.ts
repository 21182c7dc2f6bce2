import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { sessionMiddleware } from './auth/session.middleware.js';
import { createAppConfigRoutes } from './http/app-config.routes.js';
import { createHealthRoutes } from './http/health.routes.js';
import { apiNotFound, csrfProtection, errorHandler, requestLogger } from './http/middleware.js';
import { mountOpenApi } from './http/openapi.routes.js';
import { mountWebapp } from './http/static.js';
import type { AppDeps, AppEnv } from './http/types.js';

export interface CreateAppOptions {
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
  app.onError(errorHandler);
  app.use('/api/*', csrfProtection);
  app.use('/api/*', sessionMiddleware);

  // Feature routes: one line per feature, each a Hono sub-app.
  app.route('/api/health', createHealthRoutes());
  app.route('/api/app-config', createAppConfigRoutes());

  mountOpenApi(app);
  app.all('/api/*', apiNotFound);
  if (options.serveWebapp !== false) mountWebapp(app);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
