import type { Kysely } from 'kysely';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  // A push subscription lives as long as the session that registered it: ending the session
  // (sign-out, "end session", a password change or reset, account deletion) deletes it. Rows
  // kept so far cannot be traced to a session and may belong to a stolen one: they go, and the
  // web app registers its browser again on the next visit.
  await db.deleteFrom('push_subscriptions').execute();
  await db.schema
    .alterTable('push_subscriptions')
    .addColumn('session_id', 'text', (col) => col.references('sessions.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createIndex('push_subscriptions_session')
    .on('push_subscriptions')
    .column('session_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('push_subscriptions_session').ifExists().execute();
  await db.schema.alterTable('push_subscriptions').dropColumn('session_id').execute();
}
