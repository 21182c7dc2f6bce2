import { sql } from 'kysely';
import { migrations } from '../../migrations/index.js';
import type { Db } from '../db/database.js';

/** The newest migration this build knows: a database without it is behind this process's code. */
const NEWEST_MIGRATION = Object.keys(migrations).at(-1) ?? '';
/** A balancer polls every few seconds: an unanswered check must end well before its own timeout. */
const CHECK_TIMEOUT_MS = 3000;

export type DatabaseHealth = 'ok' | 'unreachable' | 'behind';

/**
 * Can this process serve: the database answers within a few seconds and has every migration this
 * build knows (one migrated by a newer build is fine: a rolling upgrade migrates first). One
 * query, on the pool the app uses, so a lost database shows here as soon as requests would fail
 * and a recovered one as soon as the pool connects again.
 */
export async function checkDatabase(db: Db): Promise<DatabaseHealth> {
  const query = sql<{ found: number }>`
    select count(*) as found from kysely_migration where name = ${NEWEST_MIGRATION}
  `.execute(db.withoutPlugins());
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([query, timeout]);
    if (result === 'timeout') return 'unreachable';
    return Number(result.rows[0]?.found) > 0 ? 'ok' : 'behind';
  } catch {
    query.catch(() => undefined);
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}
