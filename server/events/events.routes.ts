import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describeRoute } from 'hono-openapi';
import { currentUser, requireAuth } from '../auth/session.middleware.js';
import type { AppEnv } from '../http/types.js';
import type { UserEvent } from './event-bus.js';

/** Proxies close idle connections; a comment line every 20 s keeps the stream open. */
export const HEARTBEAT_MS = 20_000;

/**
 * `GET /api/events`: the signed-in user's live updates as Server-Sent Events
 * (`event: <type>`, `data: <json without the type>`).
 */
export function createEventsRoutes(options: { heartbeatMs?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({ tags: ['events'], summary: 'Live updates (Server-Sent Events)' }),
    requireAuth,
    (c) => {
      const userId = currentUser(c).id;
      const { events } = c.var.deps;
      c.header('Cache-Control', 'no-cache, no-transform');
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        const queue: UserEvent[] = [];
        let wake: (() => void) | null = null;
        const unsubscribe = events.subscribe(userId, (event) => {
          queue.push(event);
          wake?.();
        });
        const heartbeat = setInterval(() => {
          // A comment line: ignored by EventSource, enough traffic for proxies.
          stream.write(': heartbeat\n\n').catch(() => undefined);
        }, heartbeatMs);
        let closed = false;
        const close = () => {
          closed = true;
          clearInterval(heartbeat);
          unsubscribe();
          wake?.();
        };
        stream.onAbort(close);
        c.req.raw.signal.addEventListener('abort', close, { once: true });

        await stream.write(': connected\n\n');
        while (!closed) {
          const event = queue.shift();
          if (!event) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = null;
            continue;
          }
          const { type, ...data } = event;
          await stream.writeSSE({ event: type, data: JSON.stringify(data) });
        }
      });
    },
  );
}
