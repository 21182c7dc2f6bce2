import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // A user whose trial or subscription ended while the engine still had work of theirs: their
  // due posts are failed and their queues paused instead of sent. The row says the user has been
  // told (once per lapse); it goes when access returns. Written only by billing.
  await db.schema
    .createTable('access_holds')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('held_at', t.epochMs, (col) => col.notNull())
    .execute();
  // Why the engine (not the user) paused a queue; cleared when the user resumes it.
  await db.schema.alterTable('queues').addColumn('paused_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('queues').dropColumn('paused_reason').execute();
  await db.schema.dropTable('access_holds').ifExists().execute();
}
