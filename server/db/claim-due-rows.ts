import { type RawBuilder, sql } from 'kysely';
import type { Db } from './database.js';
import { sqlDialect } from './sql-dialect.js';

/**
 * The outbox tables (a row per message to send): each has `id`, `status` ('pending' until sent or
 * given up), `next_attempt_at` (when a pending row is due) and `updated_at`.
 */
type OutboxTable = 'webhook_deliveries' | 'notification_deliveries';

/**
 * Claims up to `limit` due rows of an outbox table, oldest due first, and answers them as
 * claimed. The claim moves next_attempt_at to the end of the lease, so no other worker (another
 * process on PostgreSQL) takes the row before then, and a worker that dies while sending leaves it
 * due again once the lease is over. `claimedBy` is written to the table's claimed_by column when
 * it has one, for the outcome to name its claim. `also` narrows which due rows are taken.
 */
export async function claimDueRows<Row>(
  db: Db,
  table: OutboxTable,
  options: { now: number; leaseMs: number; limit: number; claimedBy?: string; also?: RawBuilder<boolean> },
): Promise<Row[]> {
  const { now, leaseMs, limit, claimedBy, also } = options;
  const target = sql.table(table);
  const narrowed = also ? sql`and ${also}` : sql``;
  const claimant = claimedBy === undefined ? sql`` : sql`, claimed_by = ${claimedBy}`;
  // On PostgreSQL two claims pass over each other's rows (FOR UPDATE SKIP LOCKED) instead of
  // waiting; SQLite's single writer runs them one after the other. The due ids are read once
  // (a materialized CTE): as an IN subquery PostgreSQL may read it again for each row it
  // updates, each time skipping the rows it just locked, and so claim past `limit`. The outer
  // conditions repeat the inner ones for a row another claim took between the two reads.
  const { rows } = await sql<Row>`
    with due as materialized (
      select id from ${target}
      where status = 'pending' and next_attempt_at <= ${now} ${narrowed}
      order by next_attempt_at limit ${limit} ${sqlDialect(db).skipLockedRows}
    )
    update ${target} set next_attempt_at = ${now + leaseMs}, updated_at = ${now}${claimant}
    where id in (select id from due) and status = 'pending' and next_attempt_at <= ${now}
    returning *`.execute(db);
  return rows;
}
