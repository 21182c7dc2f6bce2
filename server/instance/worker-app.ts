import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { apiNotFound, errorHandler, securityHeaders } from '../http/middleware.js';
import type { AppDeps, AppEnv } from '../http/types.js';
import { createHealthRoutes } from './health.routes.js';

/**
 * What a ROLE=worker process serves over HTTP: `/api/health` for the balancer or supervisor, and
 * 404 for everything else (its work is publishing and timed jobs; the web processes serve users).
 */
export function createWorkerApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.use('*', requestId());
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    return next();
  });
  app.use('*', securityHeaders);
  app.onError(errorHandler);
  app.route('/api/health', createHealthRoutes([async (d) => ({ scheduler: await d.engine.health() })]));
  app.notFound(apiNotFound);
  return app;
}
