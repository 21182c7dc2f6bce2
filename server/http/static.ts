import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './types.js';

const WEBAPP_DIST = path.resolve('dist/webapp');

/**
 * Serves the built web app: hashed assets cached for a year, every other path that is
 * not an API or dev route falls back to index.html so the client router can take it.
 */
export function mountWebapp(app: Hono<AppEnv>, distDir = WEBAPP_DIST): void {
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/dev/')) return next();
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
