import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describeRoute } from 'hono-openapi';
import { IDLE_SESSION_MINUTES } from '../../shared/auth/session.js';
import type { UserEvent } from '../core/event-bus.js';
import { sha256Hex } from '../core/ids.js';
import type { Db } from '../db/database.js';
import { otherResponse } from '../http/openapi-responses.js';
import { currentUser, requireAuth } from '../http/require-auth.js';
import type { AppEnv } from '../http/types.js';

/** Proxies close idle connections; a comment line every 20 s keeps the stream open. */
const HEARTBEAT_MS = 20_000;
/** A stream re-checks its session this often, besides closing at once on a revocation event. */
const SESSION_CHECK_MS = 60_000;

/**
 * `GET /api/events`: the signed-in user's live updates as Server-Sent Events
 * (`event: <type>`, `data: <json without the type>`).
 */
export function createEventsRoutes(options: { heartbeatMs?: number; sessionCheckMs?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      tags: ['events'],
      summary: 'Live updates (Server-Sent Events)',
      description:
        'Events: post.inserted, post.updated, post.deleted, posts.changed (many posts or queue items written ' +
        'at once by a bulk import: `{ reason, posts, queueItems }`; refetch the lists), import.progress (a ' +
        'bulk import sent with a progressId: `{ progressId, phase: "media" | "saving", done, total }`), ' +
        "accounts.changed, notification.inserted, and notification.updated (a post group's notification " +
        "took in another account's outcome).",
      responses: otherResponse(
        200,
        'The stream: `event: <type>`, `data: <JSON>`; session.ended before it closes',
        'text/event-stream',
      ),
    }),
    requireAuth,
    (c) => {
      const userId = currentUser(c).id;
      const { events, db } = c.var.deps;
      // Only the hash is stored and announced: the stream compares against it.
      const sessionId = sha256Hex(c.var.session?.id ?? '');
      c.header('Cache-Control', 'no-cache, no-transform');
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        const queue: UserEvent[] = [];
        let wake: (() => void) | null = null;
        let ended = false;
        const unsubscribe = events.subscribe(userId, (event) => {
          if (event.type === 'session.revoked') {
            if (event.sessionIds === 'all' || event.sessionIds.includes(sessionId)) endSession();
            return;
          }
          // Internal to the server: never sent to clients.
          if (event.type === 'user.forgotten') return;
          queue.push(event);
          wake?.();
        });
        const heartbeat = setInterval(() => {
          // A comment line: ignored by EventSource, enough traffic for proxies.
          stream.write(': heartbeat\n\n').catch(() => undefined);
        }, heartbeatMs);
        // Sessions also end without an event (expiry, the idle rule, a row deleted by hand).
        const sessionCheck = setInterval(() => {
          void isSessionLive(db, sessionId).then((live) => {
            if (!live) endSession();
          });
        }, sessionCheckMs);
        let closed = false;
        const close = () => {
          closed = true;
          clearInterval(heartbeat);
          clearInterval(sessionCheck);
          unsubscribe();
          wake?.();
        };
        const endSession = () => {
          ended = true;
          close();
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
        // Tell the client why the stream ends, so it does not reconnect with a dead session.
        if (ended) await stream.writeSSE({ event: 'session.ended', data: '{}' }).catch(() => undefined);
      });
    },
  );
}

/** The session still exists, is not expired and has not passed the idle rule. */
async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  try {
    const row = await db
      .selectFrom('sessions')
      .select(['expiresAt', 'remember', 'lastUsedAt'])
      .where('id', '=', sessionId)
      .executeTakeFirst();
    const now = Date.now();
    if (!row || row.expiresAt <= now) return false;
    return row.remember === 1 || now - row.lastUsedAt <= IDLE_SESSION_MINUTES * 60_000;
  } catch {
    // A database hiccup is not a reason to end the user's stream.
    return true;
  }
}
