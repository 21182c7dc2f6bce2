import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { isDirectLocalClient } from '../http/client-address.js';
import type { AppEnv } from '../http/types.js';
import { checkDatabase } from './database-health.js';

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
    }),
    async (c) => {
      const database = await checkDatabase(c.var.deps.db);
      const detailed = Boolean(c.var.user) || isDirectLocalClient(c);
      if (database !== 'ok')
        return c.json(detailed ? { status: 'error', database } : { status: 'error' }, 503);
      if (!detailed) return c.json({ status: 'ok' });
      const facts = Object.assign({}, ...(await Promise.all(extensions.map((extend) => extend(c.var.deps)))));
      return c.json({ status: 'ok', database: 'ok', time: new Date().toISOString(), ...facts });
    },
  );
}
