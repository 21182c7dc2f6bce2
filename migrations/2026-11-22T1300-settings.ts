import type { Kysely } from 'kysely';
import { columnTypes } from './column-types.js';

// Frozen in time: never import application code here.

export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema.alterTable('users').addColumn('display_name', 'text').execute();

  // Where a session was last used from, for the active-sessions list.
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();

  // Spec 02: user_preferences.notification_preferences (JSON: category -> { email, push }).
  await db.schema
    .createTable('user_preferences')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('notification_preferences', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('updated_at', t.epochMs, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  await db.schema
    .createTable('password_history')
    .$call(t.autoIncrementId('id'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('password_history_user_time')
    .on('password_history')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('security_logs')
    .$call(t.autoIncrementId('id'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_type', 'text', (col) => col.notNull())
    .addColumn('success', 'integer', (col) => col.notNull())
    .addColumn('error_message', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', t.epochMs, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('security_logs_user_time')
    .on('security_logs')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['security_logs', 'password_history', 'push_subscriptions', 'user_preferences']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('sessions').dropColumn('ip').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.alterTable('users').dropColumn('display_name').execute();
}
