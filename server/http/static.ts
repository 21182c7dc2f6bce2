import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './types.js';

const WEBAPP_DIST = path.resolve('dist/webapp');

/**
 * Serves the built web app: hashed assets cached for a year, every other path that is
 * not an API or dev route (or Vite's manifest) falls back to index.html so the client router can take it.
 */
export function mountWebapp(app: Hono<AppEnv>, distDir = WEBAPP_DIST): void {
  const root = path.relative(process.cwd(), distDir) || '.';
  // Set after the file is served: serveStatic's onFound runs once its response is built, too late
  // for a header.
  app.use(
    '/assets/*',
    async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
    serveStatic({ root }),
  );
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/dev/')) return next();
    // Vite's manifest (for `npm run bench:bundle`) is build tooling, not part of the app.
    if (c.req.path.startsWith('/.vite/')) return next();
    return serveStatic({ root })(c, next);
  });
  app.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/dev/')) return next();
    const index = path.join(distDir, 'index.html');
    if (!fs.existsSync(index)) {
      return c.text(
        'The web app is not built yet. Run `npm run build:webapp` (npm start does it for you).',
        503,
      );
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(index, 'utf8'));
  });
}
