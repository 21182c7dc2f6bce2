import { type Kysely, sql } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // Per user, what the dashboard's welcome and its "Get started" checklist need that no other
  // table records: the first dashboard visit ("Welcome" once, then "Welcome Back"), the
  // checklist's dismissal, and that the browser extension signed in at least once (its
  // sessions can end; having installed it stays true).
  await db.schema
    .createTable('user_onboarding')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('first_dashboard_visit_at', t.epochMs)
    .addColumn('checklist_dismissed_at', t.epochMs)
    .addColumn('extension_connected_at', t.epochMs)
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();

  // Users from before this table: a confirmed account has seen its dashboard (it lands there
  // after confirming), and a bearer session is how the extension signs in.
  await sql`
    INSERT INTO user_onboarding (user_id, first_dashboard_visit_at, extension_connected_at, updated_at)
    SELECT u.id,
      CASE WHEN u.setup_complete = 1 THEN u.created_at END,
      (SELECT min(s.created_at) FROM sessions s WHERE s.user_id = u.id AND s.kind = 'token'),
      u.updated_at
    FROM users u
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_onboarding').ifExists().execute();
}
