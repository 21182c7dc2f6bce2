import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // The notification list breaks ties within one millisecond by insertion order, SQLite's rowid.
  // PostgreSQL numbers no rows: there the table gets a column of that name (nothing on SQLite).
  for (const statement of t.rowidColumn('notifications').up) await statement.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  for (const statement of t.rowidColumn('notifications').down) await statement.execute(db);
}
