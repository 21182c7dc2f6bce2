import { sql } from 'kysely';
import type { Db } from '../../server/db/database.js';
import { sqlDialect } from '../../server/db/sql-dialect.js';

/**
 * The deterministic race of the concurrency tests: `hold` writes in a transaction of the test's
 * own, and while that transaction is still open `contender` starts (an API request). The
 * transaction commits once the contender waits on a lock of PostgreSQL's or has finished, then
 * the contender's answer is returned. A contender that read before the commit and wrote after it
 * shows as a lost or doubled write. On SQLite the contender cannot start before the commit (one
 * connection): there the tests check the same outcome of transactions run one at a time.
 */
export async function raceOpenTransaction<T>(
  db: Db,
  hold: (trx: Db) => Promise<void>,
  contender: () => Promise<T>,
): Promise<T> {
  let running: Promise<T> | undefined;
  let settled = false;
  await db.transaction().execute(async (trx) => {
    await hold(trx);
    running = contender().finally(() => {
      settled = true;
    });
    // Kept from failing the test before it is awaited below.
    running.catch(() => undefined);
    if (sqlDialect(trx).name === 'sqlite') return;
    const deadline = Date.now() + 10_000;
    while (!settled && Date.now() < deadline && !(await someoneWaitsOnALock(trx))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return running as Promise<T>;
}

async function someoneWaitsOnALock(trx: Db): Promise<boolean> {
  // A transaction sees the activity statistics as of its first read of them unless told to drop that.
  await sql`select pg_stat_clear_snapshot()`.execute(trx);
  const { rows } = await sql<{ waiting: number }>`
    select count(*) as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`.execute(trx);
  return Number(rows[0]?.waiting) > 0;
}
