import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { sql } from 'kysely';
import { isDirectLocalClient } from '../http/client-address.js';
import type { AppEnv } from '../http/types.js';

type HealthExtension = (deps: AppEnv['Variables']['deps']) => Promise<Record<string, unknown>>;

/**
 * `GET /api/health`: 200 when the database answers. Anonymous callers learn only `status`;
 * signed-in users and monitoring on this machine also see the features' facts (scheduler
 * ticks, overdue posts) through `extensions`.
 */
export function createHealthRoutes(extensions: HealthExtension[] = []) {
  return new Hono<AppEnv>().get(
    '/',
    describeRoute({ tags: ['health'], summary: 'Liveness and database check' }),
    async (c) => {
      const { db } = c.var.deps;
      try {
        await sql`select 1`.execute(db);
      } catch {
        return c.json({ status: 'error' }, 503);
      }
      if (!c.var.user && !isDirectLocalClient(c)) return c.json({ status: 'ok' });
      const facts = Object.assign({}, ...(await Promise.all(extensions.map((extend) => extend(c.var.deps)))));
      return c.json({ status: 'ok', database: 'ok', time: new Date().toISOString(), ...facts });
    },
  );
}
