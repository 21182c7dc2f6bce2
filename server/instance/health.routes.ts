import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { sql } from 'kysely';
import { z } from 'zod';
import { isDirectLocalClient } from '../http/client-address.js';
import { jsonResponse, OPTIONAL_SESSION, reply } from '../http/openapi-responses.js';
import type { AppEnv } from '../http/types.js';

const HealthAnswer = z
  .object({
    status: z.literal('ok'),
    database: z.literal('ok').optional(),
    time: z.string().optional(),
  })
  .catchall(z.unknown())
  .describe(
    "Anonymous callers get `status` alone; signed-in users and this machine also the features' facts",
  );
const HealthDown = z.object({ status: z.literal('error') });

type HealthExtension = (deps: AppEnv['Variables']['deps']) => Promise<Record<string, unknown>>;

/**
 * `GET /api/health`: 200 when the database answers. Anonymous callers learn only `status`;
 * signed-in users and monitoring on this machine also see the features' facts (scheduler
 * ticks, overdue posts) through `extensions`.
 */
export function createHealthRoutes(extensions: HealthExtension[] = []) {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      tags: ['health'],
      summary: 'Liveness and database check',
      security: OPTIONAL_SESSION,
      responses: {
        ...jsonResponse(HealthAnswer, 'The database answers'),
        ...jsonResponse(HealthDown, 'The database does not answer', 503),
      },
    }),
    async (c) => {
      const { db } = c.var.deps;
      try {
        await sql`select 1`.execute(db);
      } catch {
        return reply(c, HealthDown, { status: 'error' }, 503);
      }
      if (!c.var.user && !isDirectLocalClient(c)) return reply(c, HealthAnswer, { status: 'ok' });
      const facts = Object.assign({}, ...(await Promise.all(extensions.map((extend) => extend(c.var.deps)))));
      return reply(c, HealthAnswer, {
        ...facts,
        status: 'ok',
        database: 'ok',
        time: new Date().toISOString(),
      });
    },
  );
}
