import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './types.js';

const KB = 1024;
const MB = 1024 * KB;

/** Bodies of JSON routes: large enough for their content, small enough that nobody fills memory. */
const DEFAULT_BODY_LIMIT = 64 * KB;
const LIMITS: Array<{ prefix: string; maxSize: number }> = [
  // A bulk import: up to 1,000 rows (the CSV itself is capped at 4 million characters).
  { prefix: '/api/posts/import', maxSize: 8 * MB },
  // A post carries up to 63,206 characters of Facebook text or a long thread.
  { prefix: '/api/posts', maxSize: 1 * MB },
  { prefix: '/api/queues', maxSize: 1 * MB },
  { prefix: '/api/auth', maxSize: 64 * KB },
  // Lemon Squeezy's subscription payloads (the route keeps its own cap with the same size).
  { prefix: '/api/billing/webhook', maxSize: 256 * KB },
];

function limitFor(path: string): number {
  for (const { prefix, maxSize } of LIMITS) {
    if (path === prefix || path.startsWith(`${prefix}/`)) return maxSize;
  }
  return DEFAULT_BODY_LIMIT;
}

function tooLarge(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: (c) =>
      c.json(
        {
          code: 'payload_too_large',
          message: `The request is too large (at most ${Math.round(maxSize / KB)} KB).`,
        },
        413,
        // Closing is cheaper than reading the rest of a body we will not use.
        { connection: 'close' },
      ),
  });
}

const limiters = new Map<number, ReturnType<typeof tooLarge>>();

/**
 * Every `/api` body is capped before anything reads it (Content-Length is checked first; a
 * chunked body is counted while it arrives and refused as soon as it passes the cap). The
 * media upload streams to disk under its own per-platform caps.
 */
export const bodyLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  if (c.req.method === 'POST' && c.req.path === '/api/media') return next();
  const maxSize = limitFor(c.req.path);
  let limiter = limiters.get(maxSize);
  if (!limiter) {
    limiter = tooLarge(maxSize);
    limiters.set(maxSize, limiter);
  }
  return limiter(c, next);
};
