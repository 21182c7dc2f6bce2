import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { z } from 'zod';
import { isDirectLocalClient } from '../http/client-address.js';
import { jsonResponse, OPTIONAL_SESSION, reply } from '../http/openapi-responses.js';
import type { AppEnv } from '../http/types.js';
import { checkDatabase } from './database-health.js';

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
const HealthDown = z
  .object({ status: z.literal('error'), database: z.string().optional() })
  .describe(
    'Signed-in users and this machine also learn why: the database is unreachable or its migrations are behind',
  );

type HealthExtension = (deps: AppEnv['Variables']['deps']) => Promise<Record<string, unknown>>;

/**
 * `GET /api/health`: 200 when the database answers and has this build's migrations, 503 otherwise
 * (so a load balancer stops routing here until the pool reconnects). Anonymous callers learn only `status`;
 * signed-in users and monitoring on this machine also see the features' facts (scheduler
 * ticks, overdue posts) through `extensions`.
 */
export function createHealthRoutes(extensions: HealthExtension[] = []) {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({
      tags: ['health'],
      summary: 'Liveness, database and migrations check (503 when not ready)',
      security: OPTIONAL_SESSION,
      responses: {
        ...jsonResponse(HealthAnswer, 'The database answers'),
        ...jsonResponse(HealthDown, 'The database does not answer or its migrations are behind', 503),
      },
    }),
    async (c) => {
      const database = await checkDatabase(c.var.deps.db);
      const detailed = Boolean(c.var.user) || isDirectLocalClient(c);
      if (database !== 'ok')
        return reply(c, HealthDown, detailed ? { status: 'error', database } : { status: 'error' }, 503);
      if (!detailed) return reply(c, HealthAnswer, { status: 'ok' });
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
