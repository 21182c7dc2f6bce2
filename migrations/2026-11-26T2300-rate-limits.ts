import { type Kysely, sql } from 'kysely';
import { migrationDialect } from './column-types.js';

// Frozen in time: never import application code here.

// Request rate limits shared by every process on one PostgreSQL, in the table layout of
// rate-limiter-flexible's PostgreSQL store (key, points, expire in epoch ms). SQLite runs one
// process, whose limits stay in its memory: nothing is created there.
export async function up(db: Kysely<any>): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`CREATE TABLE rate_limits (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`.execute(
    db,
  );
  await sql`CREATE INDEX rate_limits_expire ON rate_limits (expire)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (migrationDialect(db) !== 'postgres') return;
  await sql`DROP TABLE rate_limits`.execute(db);
}
